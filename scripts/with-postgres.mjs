// Runs a command with TEST_DATABASE_URL pointing at the local PostgreSQL server (the server suite's second pass).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const [cmd, ...args] = process.argv.slice(2);
const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url }, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
