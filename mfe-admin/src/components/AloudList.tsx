// Read-aloud recordings, each with its time, its plan day ('2-р долоо хоног, 3-р өдөр' or '—'), whether
// it came on time ('Хугацаандаа', 'Хоцорсон', or 'Хуваарьгүй' when the day was never
// assigned) and a player. Shared by the plan admin's table and the learner's page.
import { Badge, formatDate, useTranslation, type BadgeTone } from '@learning/platform';
import { useAloudTimeliness, type Aloud, type AloudTimeliness } from '../alouds';
import { usePlanDay } from './PlanDay';

type Timeliness = 'onTime' | 'late' | 'unassigned';
const toneOf: Record<Timeliness, BadgeTone> = { onTime: 'success', late: 'danger', unassigned: 'neutral' };

function timelinessOf(known: AloudTimeliness | undefined): Timeliness {
  if (!known || known.assignedAt === null) return 'unassigned';
  return known.isOnTime ? 'onTime' : 'late';
}

export function AloudList({ alouds, planName }: { alouds: readonly Aloud[]; planName?: (monsterplanId: string) => string | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const planDay = usePlanDay();
  const timeliness = useAloudTimeliness(alouds);
  return (
    <ul className="admin-recordings">
      {alouds.map((aloud) => {
        const when = formatDate(aloud.createdAt, i18n.language, { withTime: true });
        const known = aloud._id ? timeliness.data?.get(aloud._id) : undefined;
        const monsterplanId = known?.monsterplanId ?? aloud.monsterplanId ?? null;
        const plan = monsterplanId ? planName?.(monsterplanId) : undefined;
        const state = timelinessOf(known);
        return (
          <li key={aloud._id ?? aloud.url}>
            <time dateTime={aloud.createdAt}>{when}</time>
            {plan && <span className="admin-recordings__plan">{plan}</span>}
            <span className="admin-recordings__day">{planDay(known?.week ?? aloud.week, known?.dayOfWeek ?? aloud.dayOfWeek)}</span>
            {/* Nothing said until the catalog answered (or when it could not). */}
            {(timeliness.isSuccess || !aloud._id) && <Badge tone={toneOf[state]}>{t(`alouds.timeliness.${state}`)}</Badge>}
            <audio controls preload="none" src={aloud.url} aria-label={t('alouds.recording', { date: when })} />
          </li>
        );
      })}
    </ul>
  );
}
