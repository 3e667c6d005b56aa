import { DAYS, type WeekHours } from '../../shared/api/stores';
import { todayAt } from '../format';

/** The week's hours, today highlighted. */
export function HoursList({ hours, timeZone, id }: { hours: WeekHours; timeZone?: string; id?: string }) {
  const today = todayAt(timeZone);
  return (
    <dl className="hours-list" id={id}>
      {DAYS.filter((day) => hours[day] !== undefined).map((day) => (
        <div key={day} className={`hours-list__row${day === today ? ' hours-list__row--today' : ''}`}>
          <dt>
            {day}
            {day === today && <span className="visually-hidden"> (today)</span>}
          </dt>
          <dd>{hours[day]}</dd>
        </div>
      ))}
    </dl>
  );
}
