// `npm run test:pg` runs the API tests on PostgreSQL: it needs DATABASE_URL to point at a server
// where the role may create databases (each test file gets its own copy of a migrated template).
if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL, e.g. DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run test:pg',
  );
  process.exit(1);
}
