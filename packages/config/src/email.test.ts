import { describe, expect, it } from 'vitest';
import { mailboxKey } from './email.js';

describe('mailboxKey', () => {
  it('folds Gmail dots, +tags, letter case and googlemail.com into one mailbox', () => {
    for (const alias of ['ab@gmail.com', 'a.b@gmail.com', 'A.B+trial2@Gmail.com', 'a.b.+x+y@googlemail.com', ' ab+@GMAIL.COM ']) {
      expect(mailboxKey(alias), alias).toBe('ab@gmail.com');
    }
  });

  it('drops the +tag for providers that document plus addressing, keeping dots', () => {
    expect(mailboxKey('first.last+shop@outlook.com')).toBe('first.last@outlook.com');
    expect(mailboxKey('Taro+1@iCloud.com')).toBe('taro@icloud.com');
    expect(mailboxKey('x+y@proton.me')).toBe('x@proton.me');
    expect(mailboxKey('hanako+a@hotmail.co.jp')).toBe('hanako@hotmail.co.jp');
  });

  it('only lower-cases other domains: their servers decide what + and dots mean', () => {
    expect(mailboxKey('Ta.ro+news@Example.co.jp')).toBe('ta.ro+news@example.co.jp');
    expect(mailboxKey('a.b@docomo.ne.jp')).toBe('a.b@docomo.ne.jp');
  });

  it('leaves a name that is only a tag, and a string without @, as they are (lower-cased)', () => {
    expect(mailboxKey('+tag@gmail.com')).toBe('+tag@gmail.com');
    expect(mailboxKey('NoAt')).toBe('noat');
  });
});
