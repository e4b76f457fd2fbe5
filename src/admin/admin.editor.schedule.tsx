import { Alert, Csrf, formatTime } from './admin.views.js';

/** A flow's scheduled publish as the editor shows it (the flow's GET: scheduledPublishAt, scheduleError). */
export interface ScheduleView {
  at: string | null;
  error: { at: string; error: string } | null;
}

/** `YYYY-MM-DDTHH:MM` of an instant in UTC: what a datetime-local input holds. */
const localValue = (d: Date) => d.toISOString().slice(0, 16);

/**
 * Beside Publish: "Schedule…" (a datetime-local in UTC, posted without JavaScript like the other
 * editor forms), the time a publish is scheduled for with Cancel, and why the last one did not happen.
 */
export function SchedulePanel(p: { schedule?: ScheduleView; csrf: string; action: (suffix: string) => string }) {
  const s = p.schedule;
  return (
    <div class="schedule stack" id="schedule">
      {s?.error ? (
        <Alert kind="error">
          <p class="strong">The publish scheduled for {formatTime(s.error.at)} did not happen: {s.error.error}</p>
          <p>Fix the draft, then publish it or schedule it again.</p>
        </Alert>
      ) : null}
      {s?.at ? (
        <form method="post" action={p.action('/unschedule')} class="row">
          <Csrf token={p.csrf} />
          <p id="scheduled-at">
            <span class="badge">scheduled</span> The saved draft will be published at <strong>{formatTime(s.at)}</strong>, as it is then.
          </p>
          <button type="submit" class="secondary small">
            Cancel scheduled publish
          </button>
        </form>
      ) : null}
      <details>
        <summary>Schedule…</summary>
        <form method="post" action={p.action('/schedule')} class="row">
          <Csrf token={p.csrf} />
          <div class="field">
            <label for="schedule-at">Publish at (UTC)</label>
            <input type="datetime-local" id="schedule-at" name="at" required min={localValue(new Date())} aria-describedby="schedule-hint" />
            <p class="hint" id="schedule-hint">
              The time is in UTC, not your time zone (it is {formatTime(new Date().toISOString())} now). The saved draft is published as it is at that time, so save your edits first; edits saved before then are published too.{' '}
              {s?.at ? 'Scheduling again replaces the time.' : ''}
            </p>
          </div>
          <button type="submit" class="secondary">
            Schedule publish
          </button>
        </form>
      </details>
    </div>
  );
}
