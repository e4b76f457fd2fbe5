/**
 * The hosted forms' honeypot (base.css `.hp`): a `website` field off-screen for people, skipped
 * by the keyboard and autofill, tempting for bots. A post that fills it is answered as a success
 * and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

/** `label` in the page's language (catalog key `website`): bots read it too. */
export function Honeypot(p: { id: string; label: string }) {
  return (
    <div class="hp" aria-hidden="true">
      <label for={p.id}>{p.label}</label>
      <input id={p.id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autocomplete="off" />
    </div>
  );
}
