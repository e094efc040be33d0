import type { DomainError } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import {
  AccountingTurnoverChartSchema,
  AdditionalRatingChartSchema,
  AnnualRatingChartSchema,
  CertificationChartSchema,
  PerformanceChartSchema,
  RatingInputSchema,
  SafetyInputSchema,
  SecurityChartSchema,
  SupplierMonitoringSchema,
  TurnoverChartSchema,
  TurnoverInputSchema,
} from '@procura/core/supplier'
import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { Created, dataOf } from '../http/schemas'
import {
  accountingTurnoverChart,
  additionalRatingChart,
  annualRatingChart,
  certificationChart,
  performanceChart,
  SUPPLIER_CHARTS,
  securityChart,
  turnoverChart,
} from '../services/suppliers/supplier-charts'
import {
  addRating,
  declareTurnover,
  recordSafety,
  supplierMonitoring,
} from '../services/suppliers/supplier-figures'
import { readBody } from './auth'

/** /bwapi/suppliers: search (spec §7), and the minimal administration orders need. */
import { actor, withId } from './supplier-params'

/** A supplier's charts and recorded figures (ratings, turnover, safety), and the monitoring screen. */
export const addSupplierFigureRoutes = (app: Hono<AppEnv>, deps: AppDeps) => {
  const chart = (
    name: string,
    summary: string,
    schema: z.ZodType,
    read: (deps: AppDeps, actor: OrderActor, id: number) => Promise<Result<{ data: unknown }, DomainError>>,
  ) =>
    app.get(
      `/:id/charts/${name}`,
      route({
        summary,
        tags: ['Supplier charts'],
        responses: { 200: { description: 'The chart’s figures', schema: dataOf(schema) } },
      }),
      (c) => withId(c, async (id) => respond(c, await read(deps, actor(c), id))),
    )
  const figure = (
    name: string,
    summary: string,
    body: z.ZodType,
    write: (
      deps: AppDeps,
      actor: OrderActor,
      id: number,
      input: unknown,
    ) => Promise<Result<unknown, DomainError>>,
  ) =>
    app.post(
      `/:id/charts/${name}`,
      route({
        summary,
        tags: ['Supplier charts'],
        body,
        responses: { 201: { description: 'Recorded', schema: Created } },
      }),
      (c) => withId(c, async (id) => respond(c, await write(deps, actor(c), id, await readBody(c)), 201)),
    )
  app.get(
    '/:id/charts',
    route({
      summary: 'The supplier’s charts: which exist and where their figures are',
      tags: ['Supplier charts'],
      responses: {
        200: { description: 'Charts', schema: dataOf(z.array(z.looseObject({ name: z.string() }))) },
      },
    }),
    (c) =>
      withId(c, async (id) =>
        c.json({
          data: SUPPLIER_CHARTS.map((name) => ({ name, path: `/bwapi/suppliers/${id}/charts/${name}` })),
        }),
      ),
  )
  chart(
    'turnover',
    'Ordered from it month by month over 24 months, and the turnover it declared',
    TurnoverChartSchema,
    turnoverChart,
  )
  chart(
    'annual_rating',
    'The last three years’ OTD, OQD, HSE, rating and overall score',
    AnnualRatingChartSchema,
    annualRatingChart,
  )
  chart(
    'additional_rating',
    'The buyers’ ratings and each criterion’s mean over 12 months',
    AdditionalRatingChartSchema,
    additionalRatingChart,
  )
  chart(
    'certification',
    'Its documents in the certification chart: valid, expiring, expired',
    CertificationChartSchema,
    certificationChart,
  )
  chart(
    'performance',
    'On-time and on-quality deliveries over 12 rolling months',
    PerformanceChartSchema,
    performanceChart,
  )
  chart('security', 'TF1, TF2, TG and HSE over 12 rolling months', SecurityChartSchema, securityChart)
  chart(
    'accounting_turnover',
    'What it invoiced month by month over 24 months',
    AccountingTurnoverChartSchema,
    accountingTurnoverChart,
  )
  figure('additional_rating', 'Rate the supplier on a criterion (1 to 5)', RatingInputSchema, addRating)
  figure('security', 'Record a month’s safety figures', SafetyInputSchema, recordSafety)
  figure('turnover', 'Record the turnover it declared for a year', TurnoverInputSchema, declareTurnover)
  app.get(
    '/:id/monitoring',
    route({
      summary:
        'What the statistics job kept of the supplier’s 12 months, each surveilled figure against its objective',
      tags: ['Supplier charts'],
      responses: { 200: { description: 'Its monitoring', schema: dataOf(SupplierMonitoringSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await supplierMonitoring(deps, actor(c), id))),
  )
}
