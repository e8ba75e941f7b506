import { ZText } from '@shunkan/config/schemas';
import { ADMIN_USERS_PAGE_SIZE } from '@shunkan/config/admin';
import { z } from 'zod';
import { deleteUserAsAdmin, deletionDeps, ZAccountDeletionResult } from '../../domain/account-deletion.js';
import { listUsersForAdmin, setUserAdminRole, setUserSubscriptionType, ZAdminUser } from '../../domain/admin/users.js';
import { adminProcedure, router } from '../../trpc.js';

const ZUserId = ZText.uuid('ユーザーIDの形式が正しくありません');
const ZSearch = ZText.max(200);

/** GET /api/admin/users, PUT /api/admin/users/{userId}/subscription, and the admin role. */
export const adminUsersRouter = router({
  list: adminProcedure
    .input(
      z
        .object({
          search: ZSearch.optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
        })
        .default({ page: 1, pageSize: ADMIN_USERS_PAGE_SIZE }),
    )
    .output(z.object({ users: z.array(ZAdminUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }))
    .query(({ ctx, input }) => listUsersForAdmin({ db: ctx.db, now: ctx.now(), ...input })),

  setSubscriptionType: adminProcedure
    .input(z.object({ userId: ZUserId, subscriptionType: z.enum(['standard', 'premium']) }))
    .output(z.object({ id: z.string(), subscriptionType: z.enum(['standard', 'premium']) }))
    .mutation(({ ctx, input }) =>
      setUserSubscriptionType({ db: ctx.db, userId: input.userId, type: input.subscriptionType, now: ctx.now(), log: ctx.services.log, by: ctx.user }),
    ),

  /** DELETE /api/admin/users/{userId}: the account, its data and its subscription (decision 059). */
  delete: adminProcedure
    .input(z.object({ userId: ZUserId }))
    .output(ZAccountDeletionResult)
    .mutation(({ ctx, input }) =>
      deleteUserAsAdmin({
        ...deletionDeps({ db: ctx.db, services: ctx.services, now: ctx.now() }),
        userId: input.userId,
        by: ctx.user,
      }),
    ),

  setAdmin: adminProcedure
    .input(z.object({ userId: ZUserId, isAdmin: z.boolean() }))
    .output(z.object({ id: z.string(), isAdmin: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setUserAdminRole({
        db: ctx.db,
        userId: input.userId,
        isAdmin: input.isAdmin,
        by: ctx.user,
        adminEmails: ctx.services.adminEmails,
        auth: ctx.services.auth?.auth ?? null,
        log: ctx.services.log,
        sessions: ctx.services.sessions,
      }),
    ),
});
