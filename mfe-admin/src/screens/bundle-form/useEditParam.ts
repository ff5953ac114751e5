// Which bundle or plan the form edits: its id in the address (?edit=<id>), so Back returns to the
// create form; a successful update replaces the entry, a cancel adds one.
import { useSearchParams } from '@learning/platform';

export const editParam = 'edit';

export function useEditParam() {
  const [params, setParams] = useSearchParams();
  const change = (id: string | null, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(editParam);
        else next.set(editParam, id);
        return next;
      },
      { replace },
    );
  return {
    editedId: params.get(editParam),
    edit: (id: string) => change(id),
    showCreate: (replace: boolean) => change(null, replace),
  };
}
