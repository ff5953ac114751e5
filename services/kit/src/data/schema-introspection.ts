// What kysely's migrator asks of the database (does the schema exist, does a table in it), answered
// for the service's own schema only. Kysely's own introspector reads every column of every schema in
// the database: on one PostgreSQL shared by several services, or by several test runs at once, that
// is other services' tables, and it fails outright when another run drops its schema meanwhile.
import { sql, type DatabaseIntrospector, type Dialect, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/** `dialect`, with an introspector that sees nothing outside `schema`. */
export function introspectingOnly(schema: string, dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => ownSchemaIntrospector(db, schema),
  };
}

function ownSchemaIntrospector(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  return {
    async getSchemas(): Promise<SchemaMetadata[]> {
      const { rows } = await sql<SchemaMetadata>`SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; kind: string }>`
        SELECT c.relname AS name, c.relkind AS kind FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'v', 'p', 'f')`.execute(db);
      // The migrator reads names only; columns are not fetched.
      return rows.map(({ name, kind }) => ({ name, schema, isView: kind === 'v', isForeign: kind === 'f', columns: [] }));
    },
  };
}
