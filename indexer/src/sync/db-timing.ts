import type { Queryable } from '../store/types.ts';

/** A queryable that adds the time of each call to `spent.dbMs`. */
export function timed(q: Queryable, spent: { dbMs: number }): Queryable {
  // The clock starts before the call: SQLite runs the statement synchronously inside it.
  const time = async <T>(call: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    try {
      return await call();
    } finally {
      spent.dbMs += performance.now() - began;
    }
  };
  const insertMany = q.insertMany;
  return {
    one: (sql, ...params) => time(() => q.one(sql, ...params)),
    all: (sql, ...params) => time(() => q.all(sql, ...params)),
    run: (sql, ...params) => time(() => q.run(sql, ...params)),
    ...(insertMany ? { insertMany: (table, columns, rows, suffix) => time(() => insertMany(table, columns, rows, suffix)) } : {}),
  };
}
