import * as z from 'zod/mini';
import { pure } from './pure.js';
import { offsetPageQuery } from './pagination.js';
import { Email, Id, Timestamp } from './primitives.js';

/**
 * A stored file's metadata.
 *
 * @example
 * ```ts
 * const file: FileItem = { id, name: 'contract.pdf', mimeType: 'application/pdf', size: 48213, ownerEmail, createdAt };
 * ```
 */
export const FileItem = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      name: z.string().check(z.minLength(1), z.maxLength(255)),
      mimeType: z.string().check(z.minLength(1), z.maxLength(255)),
      size: z.int().check(z.gte(0), z.meta({ description: 'Size in bytes.' })),
      ownerEmail: Email,
      createdAt: Timestamp,
    })
    .check(z.meta({ id: 'File' })),
);
/**
 * The shape of {@link FileItem}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: FileItem = FileItem.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `FileItem` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface FileItem extends z.infer<typeof FileItem> {}

/**
 * Query of `files.list`.
 *
 * @example
 * ```ts
 * z.decode(FilesListQuery, { offset: '50' });
 * ```
 */
export const FilesListQuery = /* @__PURE__ */ pure(() => z.strictObject({ ...offsetPageQuery }));
