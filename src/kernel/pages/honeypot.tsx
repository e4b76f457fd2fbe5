/**
 * The hosted forms' honeypot (base.css `.hp`): a `website` field off-screen for people, skipped
 * by the keyboard and autofill, tempting for bots. A post that fills it is answered as a success
 * and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

export function Honeypot(p: { id: string }) {
  return (
    <div class="hp" aria-hidden="true">
      <label for={p.id}>Website</label>
      <input id={p.id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autocomplete="off" />
    </div>
  );
}
