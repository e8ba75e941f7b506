import { z } from 'zod';
import {
  getAdminAnalytics,
  getAdminContent,
  getAdminPayments,
  getAdminStats,
  ZAdminAnalytics,
  ZAdminContentItem,
  ZAdminPayments,
  ZAdminStats,
} from '../../domain/admin/dashboard.js';
import { EXPORT_KINDS, exportFileNameFor } from '../../domain/admin/csv-export.js';
import { ADMIN_TEXT } from '@shunkan/config/admin';
import { adminProcedure } from '../../trpc.js';

/** The dashboard's figures (GET /api/admin/stats, /analytics, /payments, /content). */
export const dashboardProcedures = {
  stats: adminProcedure
    .input(z.void())
    .output(ZAdminStats)
    .query(({ ctx }) => getAdminStats({ db: ctx.db, now: ctx.now() })),

  analytics: adminProcedure
    .input(z.void())
    .output(ZAdminAnalytics)
    .query(({ ctx }) => getAdminAnalytics({ db: ctx.db, now: ctx.now() })),

  payments: adminProcedure
    .input(z.void())
    .output(ZAdminPayments)
    .query(({ ctx }) => getAdminPayments({ db: ctx.db, now: ctx.now(), billing: ctx.services.billing })),

  content: adminProcedure
    .input(z.void())
    .output(z.array(ZAdminContentItem))
    .query(({ ctx }) => getAdminContent({ db: ctx.db })),

  /**
   * Checks an export request and names its file; GET /api/admin/export/{kind} then streams the rows
   * (a file download is no tRPC response). An unknown kind is a 400.
   */
  exportFile: adminProcedure
    .input(z.object({ kind: z.enum(EXPORT_KINDS, { message: ADMIN_TEXT.unknownExportKind }) }))
    .output(z.object({ kind: z.enum(EXPORT_KINDS), fileName: z.string() }))
    .query(({ ctx, input }) => ({ kind: input.kind, fileName: exportFileNameFor(input.kind, ctx.now()) })),
};
