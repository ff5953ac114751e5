// Deleting one's own account, asked once more: what goes, the password typed again (a Google account
// without one leaves it empty), the server's refusal shown in place. Once deleted, the learner leaves
// the way every sign-out does (/signout/callback: 'Bye. {name}', the token dropped, then home).
import { Alert, api, Button, Modal, TextField, useMutation, useNavigate, useTranslation, type User } from '@learning/platform';
import { useState, type FormEvent } from 'react';
import '../strings';

export function DeleteAccountDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const deleteAccount = useMutation({
    mutationFn: (body: { password?: string }) => api.delete<void>('/v1/auth/me', body),
    onSuccess: () => navigate(`/signout/callback?signout=true&continue=${encodeURIComponent(window.location.origin)}`, { replace: true }),
  });
  const [password, setPassword] = useState('');
  const [isPasswordMissing, setPasswordMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An account made with email and password always has one; a Google account may have none.
    if (!password && !user.googleId) return setPasswordMissing(true);
    deleteAccount.mutate(password ? { password } : {});
  };

  return (
    <Modal title={t('me.deleteTitle')} onClose={onClose}>
      <form className="settings__delete" onSubmit={submit} noValidate>
        <p>{t('me.deleteWarning')}</p>
        {deleteAccount.error && <Alert>{deleteAccount.error.message}</Alert>}
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('me.deletePassword')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordMissing(false);
          }}
          error={isPasswordMissing ? t('validation.passwordRequired') : undefined}
          {...(user.googleId ? { hint: t('me.deletePasswordGoogle') } : {})}
        />
        <div className="settings__actions">
          <Button type="submit" variant="danger" isLoading={deleteAccount.isPending}>
            {t('me.deleteConfirm')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('me.deleteCancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
