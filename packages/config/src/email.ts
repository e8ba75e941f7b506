/**
 * Mail providers that document sub-addressing with "+": `name+anything@domain` is delivered to
 * `name@domain`. Gmail also ignores dots in the name, and googlemail.com is the same mailbox as gmail.com.
 * Sources: Google (Gmail Help "Create task-specific email addresses", and "Dots don't matter in Gmail
 * addresses"), Microsoft (Outlook.com "plus addressing"), Apple (iCloud Mail "plus addressing"),
 * Proton ("address aliases with +"), Fastmail ("plus addressing").
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const PLUS_ADDRESSING_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.jp',
  'hotmail.com',
  'hotmail.co.jp',
  'live.com',
  'live.jp',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'fastmail.com',
]);

/**
 * The mailbox an address delivers to, for "once per address" rules (the trial, decision 074): lower-cased,
 * and for the providers above without the "+tag", for Gmail also without dots, with googlemail.com read
 * as gmail.com. Other domains are only lower-cased: whether `a+b@example.co.jp` reaches `a@` is up to the
 * domain's own server.
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (PLUS_ADDRESSING_DOMAINS.has(domain)) {
    const plus = local.indexOf('+');
    if (plus > 0) local = local.slice(0, plus);
  }
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
