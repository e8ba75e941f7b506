import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type UsersTable = {
  id: Generated<string>;
  firebase_uid: string;
  email: string | null;
  email_verified: Generated<boolean>;
  role: Generated<'learner' | 'admin'>;
  created_at: Generated<Date>;
  last_seen_at: NullableTimestamp;
};

export type SubscriptionsTable = {
  user_id: string;
  status: string;
  type: string | null;
  plan_id: string | null;
  interval: string | null;
  trial_start: NullableTimestamp;
  trial_used: Generated<boolean>;
  current_period_end: NullableTimestamp;
  amount: number | null;
  cancel_at_period_end: Generated<boolean>;
  provider: Generated<string>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  last_event_at: NullableTimestamp;
  updated_at: Generated<Date>;
};

export type PlansTable = {
  id: string;
  admin_key: string;
  name: string;
  type: string;
  interval: string;
  price_yen: number;
  recommended_price_yen: number;
  features: Json<string[]>;
  is_popular: boolean;
  discount_label: string | null;
  stripe_price_id: string | null;
  daily_limit: number | null;
  sort_order: number;
  updated_at: Generated<Date>;
};

export type BillingEventsTable = {
  id: string;
  type: string;
  created_at: Timestamp;
  received_at: Generated<Date>;
};

export type PaymentsTable = {
  id: string;
  user_id: string | null;
  amount: number;
  currency: Generated<string>;
  status: string;
  description: string | null;
  provider: string;
  created_at: Generated<Date>;
  /** Added in 0003-billing. */
  plan_id: string | null;
  /** 'subscription' (first payment or Stripe invoice), 'renewal' (sandbox), 'proration' (upgrade). */
  kind: Generated<string>;
  /** Sandbox only: the secret the checkout form confirms, like a Stripe PaymentIntent's. */
  client_secret: string | null;
  updated_at: Generated<Date>;
  /** Added in 0096-payment-refunds: the charge's refunded total (yen), as Stripe reports it. */
  refunded_amount: Generated<number>;
  /** The latest dispute of the charge in Stripe's words (needs_response, under_review, won, lost...), or null. */
  dispute_status: string | null;
  /** That dispute's amount (yen); taken out of the revenue only when the dispute is lost. */
  disputed_amount: Generated<number>;
};

export type ProblemsTable = {
  id: string;
  level: string;
  japanese: string;
  answers: Json<string[]>;
  grammar_point: string;
  explanation: string;
  synonyms: Json<Record<string, string[]>>;
  similar_phrases: Json<{ en: string; ja: string }[]>;
  source: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  /** Set when an admin edited the problem (0031): the bank seeding leaves it alone from then on. */
  admin_edited_at: NullableTimestamp;
  /** Moved by a trigger whenever the problem's accepted answers change (0095): a new row version for the grading cache. */
  accepted_version: Generated<number>;
};

export type ProblemServesTable = {
  id: Generated<string>;
  user_id: string;
  problem_id: string;
  level: string;
  day: string;
  served_at: Generated<Date>;
  request_id: string | null;
};

/**
 * A learner's current round of a level (decision 036): the problems not served yet in it, each at a
 * random position; the next problem is the lowest position that is still an active problem of the level.
 */
export type ProblemDecksTable = {
  user_id: string;
  problem_id: string;
  level: string;
  position: number;
};

/** The demo's problems per guest (hashed client address) and Japanese day, shared by every API instance. */
export type DemoUsageTable = {
  day: string;
  client_key: string;
  count: number;
};

/** A problem served to a demo guest (client_key as in demo_usage), the only ones the demo grades. */
export type DemoServesTable = {
  day: string;
  client_key: string;
  problem_id: string;
};

export type DailyUsageTable = {
  user_id: string;
  day: string;
  count: number;
};

export type AttemptsTable = {
  id: Generated<string>;
  user_id: string;
  problem_id: string;
  level: string;
  answer: string;
  normalized_answer: string;
  rating: number;
  model_answer: string;
  feedback: string;
  errors: Json<unknown[]>;
  similar_phrases: Json<string[]>;
  provider: string;
  is_fallback: Generated<boolean>;
  duration_ms: number | null;
  is_bookmarked: Generated<boolean>;
  created_at: Generated<Date>;
  /** Added in 0020: the JST day of created_at (YYYY-MM-DD), set by the attempts query module. */
  day: string;
  /** 'practice', 'review' or 'scenario'. */
  mode: Generated<string>;
  scenario_id: string | null;
  /** Timer mode: the limit the learner chose, and whether the answer came after it. */
  time_limit_ms: number | null;
  is_late: Generated<boolean>;
  /** Added in 0064: the client's id of the submission (unique per learner) and the evaluation it was answered. */
  submission_id: string | null;
  submission_response: Json<Record<string, unknown>> | null;
};

/** Per learner, JST day and level: attempts and the sum of their stars (kept with attempts). */
export type LearningDaysTable = {
  user_id: string;
  day: string;
  level: string;
  attempts: number;
  rating_sum: number;
};

export type LearnerSettingsTable = {
  user_id: string;
  daily_goal: number | null;
  updated_at: Generated<Date>;
};

/** An FSRS card per learner and problem (ts-fsrs Card fields). */
export type ReviewCardsTable = {
  user_id: string;
  problem_id: string;
  /** 'weak' (an answer rated 3 or less) or 'bookmark'. */
  reason: string;
  due: Timestamp;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type CustomScenariosTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  description: string;
  /** The client's id for the create request (migration 0074): a retried create finds this row. */
  request_id: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type ScenarioProblemsTable = {
  scenario_id: string;
  problem_id: string;
  created_at: Generated<Date>;
};

/** Appeals (0040): "this answer is right too", re-checked at once and decided by an admin. */
export type AppealsTable = {
  id: Generated<string>;
  attempt_id: string;
  user_id: string;
  problem_id: string;
  answer: string;
  normalized_answer: string;
  original_rating: number;
  recheck_rating: number | null;
  recheck_provider: string | null;
  /**
   * The rest of the grade the learner appealed (0045), kept when an accepted appeal regrades the
   * attempt; null only for appeals accepted before 0045.
   */
  original_model_answer: string | null;
  original_feedback: string | null;
  original_errors: ColumnType<unknown[] | null, string | null, string | null>;
  original_provider: string | null;
  /** 'pending', 'accepted' or 'rejected'. */
  status: Generated<string>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
};

/** Sentences accepted on appeal (0040), layered over the bundled bank's answers. */
export type AcceptedAnswersTable = {
  problem_id: string;
  normalized_answer: string;
  sentence: string;
  appeal_id: string | null;
  created_at: Generated<Date>;
};

export type EvaluationCacheTable = {
  problem_id: string;
  normalized_answer: string;
  provider: string;
  result: Json<unknown>;
  created_at: Generated<Date>;
};

export type PriceConfigurationsTable = {
  mode: 'test' | 'production';
  admin_key: string;
  price_id: string;
  updated_at: Generated<Date>;
};

export type AppSettingsTable = {
  key: string;
  value: string;
  updated_at: Generated<Date>;
};

/** Deleted accounts (0059): the Firebase uid only, so that a still-valid token cannot recreate the user. */
export type DeletedAccountsTable = {
  firebase_uid: string;
  user_id: string;
  deleted_at: Timestamp;
  firebase_deleted_at: NullableTimestamp;
};

/** One row per e-mail address that started a trial (migration 0066): its SHA-256, never the address. */
/** One learner's billing write in progress (migration 0074, queries/billing-locks.ts). */
export type BillingLocksTable = {
  user_id: string;
  holder: string;
  expires_at: Timestamp;
};

export type TrialClaimsTable = {
  email_sha256: string;
  claimed_at: Timestamp;
};

export type Database = {
  users: UsersTable;
  subscriptions: SubscriptionsTable;
  plans: PlansTable;
  billing_events: BillingEventsTable;
  payments: PaymentsTable;
  problems: ProblemsTable;
  problem_serves: ProblemServesTable;
  problem_decks: ProblemDecksTable;
  daily_usage: DailyUsageTable;
  demo_usage: DemoUsageTable;
  demo_serves: DemoServesTable;
  attempts: AttemptsTable;
  evaluation_cache: EvaluationCacheTable;
  appeals: AppealsTable;
  accepted_answers: AcceptedAnswersTable;
  learning_days: LearningDaysTable;
  learner_settings: LearnerSettingsTable;
  review_cards: ReviewCardsTable;
  custom_scenarios: CustomScenariosTable;
  scenario_problems: ScenarioProblemsTable;
  price_configurations: PriceConfigurationsTable;
  app_settings: AppSettingsTable;
  deleted_accounts: DeletedAccountsTable;
  trial_claims: TrialClaimsTable;
  billing_locks: BillingLocksTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;
export type PlanRow = Selectable<PlansTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type ProblemRow = Selectable<ProblemsTable>;
export type AttemptRow = Selectable<AttemptsTable>;
export type NewAttempt = Insertable<AttemptsTable>;
export type ReviewCardRow = Selectable<ReviewCardsTable>;
export type CustomScenarioRow = Selectable<CustomScenariosTable>;
