import { hasVisibleText, ZText } from '@shunkan/config/schemas';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { SCENARIO_TEXT } from '@shunkan/config/texts';
import { z } from 'zod';
import {
  createScenario,
  editScenario,
  getScenarios,
  removeScenario,
  ScenarioLimitError,
  ScenarioNotFoundError,
  serveScenarioProblem,
} from '../domain/scenarios.js';
import { premiumProcedure, router } from '../trpc.js';
import { throwServeError, ZServedProblem } from './practice.js';
import { AppError } from '../errors.js';

export const ZScenarioFields = z.object({
  title: ZText.trim().min(1, { error: SCENARIO_TEXT.titleRequired, abort: true }).refine(hasVisibleText, SCENARIO_TEXT.titleRequired).max(100, SCENARIO_TEXT.titleTooLong),
  description: ZText.trim().min(1, { error: SCENARIO_TEXT.descriptionRequired, abort: true }).refine(hasVisibleText, SCENARIO_TEXT.descriptionRequired).max(1000, SCENARIO_TEXT.descriptionTooLong),
});

const ZScenarioId = z.uuid(SCENARIO_TEXT.notFound);

export const ZScenario = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The scenario's own level (the level of the bank problems it matches best), where practice opens. */
  level: z.enum(LEVEL_KEYS),
  createdAt: z.string(),
  updatedAt: z.string(),
});

function throwScenarioError(error: unknown): never {
  if (error instanceof ScenarioNotFoundError) throw new AppError('NOT_FOUND', SCENARIO_TEXT.notFound);
  if (error instanceof ScenarioLimitError) throw new AppError('BAD_REQUEST', SCENARIO_TEXT.limit);
  throwServeError(error);
}

/**
 * Custom scenarios (premium and trial). Every query is scoped to the caller, so another learner's
 * scenario answers 404 exactly like one that does not exist.
 */
export const scenariosRouter = router({
  /** GET /api/custom-scenarios */
  list: premiumProcedure
    .input(z.void())
    .output(z.array(ZScenario))
    .query(({ ctx }) => getScenarios({ db: ctx.db, userId: ctx.user.id })),

  /**
   * POST /api/custom-scenarios. `requestId`: the client's random id of this create, sent again when it
   * retries it; a repeat answers the scenario the first one stored (decision 074). Optional for older clients.
   */
  create: premiumProcedure
    .input(ZScenarioFields.extend({ requestId: z.uuid(SCENARIO_TEXT.requestId).optional() }))
    .output(ZScenario)
    .mutation(({ ctx, input }) =>
      createScenario({
        db: ctx.db,
        userId: ctx.user.id,
        fields: { title: input.title, description: input.description },
        requestId: input.requestId,
        now: ctx.now(),
      }).catch(throwScenarioError),
    ),

  /** PUT /api/custom-scenarios/{id} */
  update: premiumProcedure
    .input(ZScenarioFields.extend({ id: ZScenarioId }))
    .output(ZScenario)
    .mutation(({ ctx, input }) =>
      editScenario({ db: ctx.db, userId: ctx.user.id, id: input.id, fields: { title: input.title, description: input.description }, now: ctx.now() }).catch(
        throwScenarioError,
      ),
    ),

  /** DELETE /api/custom-scenarios/{id} */
  delete: premiumProcedure
    .input(z.object({ id: ZScenarioId }))
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await removeScenario({ db: ctx.db, userId: ctx.user.id, id: input.id }).catch(throwScenarioError);
      return { id: input.id };
    }),

  /** Practising a scenario: its next problem, and where it came from (shown to the learner). */
  nextProblem: premiumProcedure
    // Without a level, the scenario's own level (where its card's 練習する opens it).
    .input(z.object({ scenarioId: ZScenarioId, difficultyLevel: z.enum(LEVEL_KEYS).optional(), requestId: ZText.min(8).max(100).optional() }))
    .output(ZServedProblem.extend({ source: z.enum(['bank', 'gemini', 'level']), notice: z.string() }))
    .mutation(({ ctx, input }) =>
      serveScenarioProblem({
        db: ctx.db,
        userId: ctx.user.id,
        scenarioId: input.scenarioId,
        level: input.difficultyLevel,
        requestId: input.requestId,
        dailyLimit: ctx.access.dailyLimit,
        now: ctx.now(),
        ai: ctx.services.practice.ai,
        log: ctx.services.practice.log,
      }).catch(throwScenarioError),
    ),
});
