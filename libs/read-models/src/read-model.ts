import type { ViewName } from '@tocsin/contracts';

/**
 * A read-model document, as libs/platform's ReadStore keeps it. Declared here (not imported) because read
 * models sit below the platform: the api and the projector hand their ReadStore in, which fits these shapes.
 */
export interface ViewDocument {
  _id: string;
  [field: string]: unknown;
}

/** MongoDB query semantics (filters like `{ orgId, priority: { $in: [...] } }`). */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  /** Only these top-level fields of each document, and `_id` (a MongoDB projection). */
  fields?: readonly string[];
}

/** The reading half of the platform's ReadStore: all a finder needs. */
export interface ViewReader {
  find<T extends ViewDocument = ViewDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne<T extends ViewDocument = ViewDocument>(collection: string, filter: Filter): Promise<T | null>;
  count(collection: string, filter?: Filter): Promise<number>;
}

/** Fields a view is looked up by, as a MongoDB index (1 ascending, -1 descending). */
export interface ViewIndex {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

/**
 * One view as its readers and its projection both know it: its name (checkpoints, change notices), the
 * collection its documents live in, the indexes its finders rely on, and typed reads of that collection.
 * The projection that fills it (evolve, version) sits beside it, in ./projections.
 */
export interface ReadModel<Doc extends ViewDocument> {
  readonly name: ViewName;
  readonly collection: string;
  readonly indexes: readonly ViewIndex[];
  find(reader: ViewReader, filter?: Filter, options?: Omit<FindOptions, 'fields'>): Promise<Doc[]>;
  /** Only `fields` of each matching document (and `_id`): a hot read that needs little of large documents. */
  select<Field extends keyof Doc & string>(
    reader: ViewReader,
    filter: Filter,
    fields: readonly Field[],
    options?: Omit<FindOptions, 'fields'>,
  ): Promise<Array<Pick<Doc, Field | '_id'>>>;
  findOne(reader: ViewReader, filter: Filter): Promise<Doc | null>;
  count(reader: ViewReader, filter?: Filter): Promise<number>;
}

export function readModel<Doc extends ViewDocument>(definition: {
  name: ViewName;
  collection: string;
  indexes?: readonly ViewIndex[];
}): ReadModel<Doc> {
  const { name, collection, indexes = [] } = definition;
  return {
    name,
    collection,
    indexes,
    find: (reader, filter = {}, options = {}) => reader.find<Doc>(collection, filter, options),
    select: <Field extends keyof Doc & string>(
      reader: ViewReader,
      filter: Filter,
      fields: readonly Field[],
      options: Omit<FindOptions, 'fields'> = {},
    ) => reader.find<Pick<Doc, Field | '_id'> & ViewDocument>(collection, filter, { ...options, fields }),
    findOne: (reader, filter) => reader.findOne<Doc>(collection, filter),
    count: (reader, filter = {}) => reader.count(collection, filter),
  };
}

/** One page of a list and the total it is a page of. */
export interface Page<Doc> {
  total: number;
  docs: Doc[];
}

export async function pageOf<Doc extends ViewDocument>(
  model: ReadModel<Doc>,
  reader: ViewReader,
  filter: Filter,
  sort: Record<string, 1 | -1>,
  page: number,
  perPage: number,
): Promise<Page<Doc>> {
  const [total, docs] = await Promise.all([
    model.count(reader, filter),
    model.find(reader, filter, { sort, skip: (page - 1) * perPage, limit: perPage }),
  ]);
  return { total, docs };
}

/** A filter value matching any of `values`: the value itself when there is one (a direct lookup). */
export const anyOf = (values: readonly string[]): string | { $in: string[] } =>
  values.length === 1 ? values[0] : { $in: [...new Set(values)] };
