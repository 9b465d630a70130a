/**
 * Three jest projects, run in native ESM mode (NestJS 12 is ESM-only):
 * `unit` (server and contracts *.spec.ts), `web` (React and browser code in jsdom) and
 * `integration` (server/test against real PostgreSQL, Redis and Socket.IO).
 */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@muster/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@chakra-theme/(.*)$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/theme/$1.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  rootDir: '.',
};

export default {
  // Integration tests start real processes; unit tests finish far below this.
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
      testMatch: ['<rootDir>/server/src/**/*.spec.ts', '<rootDir>/contracts/src/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': swc(true) },
      testMatch: ['<rootDir>/web/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.tsx'],
    },
    {
      ...shared,
      displayName: 'integration',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
      testMatch: ['<rootDir>/server/test/**/*.test.ts'],
      globalSetup: '<rootDir>/server/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/server/test/support/global-teardown.mjs',
    },
  ],
};
