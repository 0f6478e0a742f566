// Import boundaries (issue 13 item 6; docs/ARCHITECTURE.md "Boundaries"), checked by `npm run lint`
// (npm run lint:boundaries). Paths are relative to the repository root.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-feature-through-its-service',
      comment:
        "A server feature uses another only through that feature's service (or, for the demo data, its *.demo.ts), never its repository or other internals. Tests may use another feature's factories and helpers.",
      severity: 'error',
      from: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: '\\.test\\.ts$|\\.factory\\.ts$|test-helpers\\.ts$',
      },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        // The catalogue's plan gate and audit log are shared with Artists & Writers (features/parties).
        pathNot: [
          '^apps/server/src/features/$1/',
          '\\.service\\.ts$',
          '\\.demo\\.ts$',
          '^apps/server/src/features/catalogue/(catalogue\\.access|audit\\.repo)\\.ts$',
        ],
      },
    },
    {
      name: 'web-feature-through-its-index',
      comment:
        "A web feature uses another only through that feature's public index (features/<name>/index.ts). A page that composes several features lives in apps/web/src/app/routes/.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'platform-below-the-app',
      comment:
        'Platform code (HTTP, database, auth, storage, realtime) serves the features: it never imports the app, its context or a feature.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(app|context|main)\\.ts$|^apps/server/src/features/' },
    },
    {
      name: 'web-shared-code-below-the-features',
      comment: "The web app's shared code (lib, components, config) never imports a feature or the app.",
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|config)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/|\\.data/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
  },
};
