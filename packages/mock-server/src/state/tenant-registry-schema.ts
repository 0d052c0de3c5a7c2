/**
 * The tenant registry's data: the tenants with their records, the templates of the tenants
 * created at run time, and each tenant's clock and last stamp. A snapshot holds these four lists
 * directly under `state`. A tenant-level field is one more list here and one more map in
 * `tenant-registry.ts`.
 */
import * as z from 'zod';
import { TenantDataSchema } from './tenant-schema.js';

const ms = z.number();

/** A scenario's contact rows as plain data: columns, and the seed of derived ids. */
export const ContactRowsDataSchema = z
  .strictObject({
    count: z.int().min(0),
    idPrefix: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-$/),
    idBase: z.int().min(0),
    givenIds: z.array(z.string().nullable()).nullable(),
    firstNames: z.array(z.string()),
    lastNames: z.array(z.string().nullable()),
    phones: z.array(z.string().nullable()),
    givenCreatedAt: z.array(ms.nullable()),
  })
  .refine(
    (rows) =>
      [rows.firstNames, rows.lastNames, rows.phones, rows.givenCreatedAt, rows.givenIds ?? rows.firstNames].every(
        (column) => column.length === rows.count,
      ),
    { message: 'every column has `count` rows' },
  );

/** A tenant created at run time: the template a tenant reset rebuilds, and its clock's time then. */
export const CreatedTenantDataSchema = z.strictObject({
  template: z.looseObject({ id: z.string() }),
  contactRows: ContactRowsDataSchema,
  createdAt: ms,
});
/** A created tenant as plain data. */
export type CreatedTenantData = z.output<typeof CreatedTenantDataSchema>;

/** The registry's data: each of its fields is a list directly under a snapshot's `state`. */
export const TenantRegistryDataSchema = z.strictObject({
  tenants: z.array(TenantDataSchema),
  /** Tenants created at run time. */
  createdTenants: z.array(CreatedTenantDataSchema),
  /** Each tenant clock's distance ahead of the mock clock: `[tenant id, ms]`. */
  tenantClocks: z.array(z.tuple([z.string(), z.number().min(0)])),
  /** Each tenant's last creation time: `[tenant id, ms]`. */
  tenantStamps: z.array(z.tuple([z.string(), ms])),
});
/** The registry's data. */
export type TenantRegistryData = z.output<typeof TenantRegistryDataSchema>;
