import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-practice.js';
import * as m0003 from './0003-billing.js';
import * as m0005 from './0005-practice-requests.js';
import * as m0010 from './0010-serve-counts.js';
import * as m0015 from './0015-demo-usage.js';
import * as m0016 from './0016-user-role-notify.js';
import * as m0017 from './0017-read-cache-notify.js';
import * as m0018 from './0018-serve-recent-index.js';
import * as m0019 from './0019-problem-decks.js';
import * as m0020 from './0020-learning-record.js';
import * as m0030 from './0030-admin.js';
import * as m0031 from './0031-admin-problem-edits.js';
import * as m0040 from './0040-appeals.js';
import * as m0045 from './0045-appeal-original-grade.js';
import * as m0050 from './0050-demo-serves.js';
import * as m0059 from './0059-account-deletion.js';
import * as m0064 from './0064-attempt-submissions.js';
import * as m0066 from './0066-trial-claims.js';
import * as m0074 from './0074-billing-locks-scenario-requests.js';
import * as m0095 from './0095-problem-grading-version.js';
import * as m0096 from './0096-payment-refunds.js';

/**
 * Forward-only, numbered. Bundled in code so a built server needs no migration folder on disk.
 * Number 0004 was never used and must stay unused (databases already ran 0005); the next is 0006.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-practice': m0002,
  '0003-billing': m0003,
  '0005-practice-requests': m0005,
  '0010-serve-counts': m0010,
  '0015-demo-usage': m0015,
  '0016-user-role-notify': m0016,
  '0017-read-cache-notify': m0017,
  '0018-serve-recent-index': m0018,
  '0019-problem-decks': m0019,
  '0020-learning-record': m0020,
  '0030-admin': m0030,
  '0031-admin-problem-edits': m0031,
  '0040-appeals': m0040,
  '0045-appeal-original-grade': m0045,
  '0050-demo-serves': m0050,
  '0059-account-deletion': m0059,
  '0064-attempt-submissions': m0064,
  '0066-trial-claims': m0066,
  '0074-billing-locks-scenario-requests': m0074,
  '0095-problem-grading-version': m0095,
  '0096-payment-refunds': m0096,
};
