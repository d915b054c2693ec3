// What kind of file a path is, so each rule only reads the files it understands.

export type FileKind =
  | "js" | "python" | "go" | "java" | "ruby" | "csharp" | "php" | "rust" | "swift" | "cpp"
  | "sql" | "terraform" | "yaml" | "dockerfile" | "manifest" | "env" | "config" | "shell" | "docs" | "other";

export interface FileClass {
  kind: FileKind;
  /** Tests, fixtures, mocks, examples: fake keys and sample data live there. */
  isTest: boolean;
  /** Tests, fixtures and mocks only: example and sample code is still code someone may run. */
  isTestOnly: boolean;
  isMigration: boolean;
  /** Paths that hold data models (entities, schemas, migrations). */
  isModel: boolean;
}

const CODE_KINDS = new Set<FileKind>(["js", "python", "go", "java", "ruby", "csharp", "php", "rust", "swift", "cpp"]);
/**
 * Translation catalogues: locales/, i18n/ (also i18n-messages/, locales_json/ ...), lang/ and Language/ folders
 * (Laravel, CodeIgniter), gettext, XLIFF, .resx and Java message bundles. They hold the UI's text in each language: labels such as 'SMS-API Password', links in help text.
 */
export const TRANSLATION_PATH = /(?:^|\/)(?:locales?|locali[sz]ations?|i18n|lang|langs|languages?|translations?|l10n)\/|(?:^|\/)(?:locales?|i18n|translations?|l10n)[-_][\w-]+\/|\.(?:po|pot|xlf|xliff|resx)$|(?:^|\/)messages_[a-z]{2}(?:_[a-z]{2})?\.properties$/i;

/** Dependency lock files: generated lists of package names, versions and hashes, which no one writes by hand. */
export const LOCK_FILE_PATH = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|deno\.lock|composer\.lock|Gemfile\.lock|poetry\.lock|Pipfile\.lock|Cargo\.lock|go\.sum|packages\.lock\.json)$/;

export const isCodeKind = (kind: FileKind): boolean => CODE_KINDS.has(kind);

const MANIFEST_NAMES = /(?:^|\/)(?:package\.json|requirements[\w.-]*\.txt|pyproject\.toml|Pipfile|go\.mod|pom\.xml|build\.gradle(?:\.kts)?|Gemfile|composer\.json|Cargo\.toml|[\w.-]+\.csproj)$/;
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|testing[-_]support|test[-_]?(?:utils?|helpers?|support)|[\w.-]*test[-_]setups?|spec|specs|fixtures?|testdata|test-data|mocks?|__mocks__|examples?|samples?|e2e|cypress|playwright|stories|(?:stress|load|perf|performance|integration|smoke|e2e|acceptance|functional|benchmark)[-_]?tests?)(?:\/|$)|(?:[._-](?:test|spec|mock|stories|fixture|clienttest|servertest))\.\w+$|_test\.go$|Tests?\.(?:java|kt|cs)$|(?:^|\/)test_[\w]+\.py$|\.(?:example|sample|template|dist)$/i;
// Browser suites (e2e/, cypress/, playwright/), stress, load and integration suites (stress-tests/, load_tests/) and Vitest's *.clienttest.tsx are tests too, as are a
// gem's shared test helpers and factories (lib/spree_stripe/testing_support/factories/), and a package of test helpers
// (Go's internal/testutil/, test_helpers/, test-support/).
const TEST_ONLY_PATH = /(?:^|\/)(?:tests?|__tests__|testing[-_]support|test[-_]?(?:utils?|helpers?|support)|[\w.-]*test[-_]setups?|spec|specs|fixtures?|testdata|test-data|mocks?|__mocks__|e2e|cypress|playwright|(?:stress|load|perf|performance|integration|smoke|e2e|acceptance|functional|benchmark)[-_]?tests?)(?:\/|$)|(?:[._-](?:test|spec|mock|fixture|clienttest|servertest))\.\w+$|_test\.go$|Tests?\.(?:java|kt|cs)$|(?:^|\/)test_[\w]+\.py$/i;
const MAIN_SOURCE = /(?:^|\/)src\/main\/(?:java|kotlin|scala|groovy|resources)\//;
// Demo folders (OWASP MASTG's demos/.../MastgTest.kt) hold runnable demo code even when a file is named like a test.
const DEMO_PATH = /(?:^|\/)demos?\//i;
const TEST_DIR = /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|testdata|mocks?|__mocks__)\//i;
const MIGRATION_PATH = /(?:^|\/)(?:migrations?|migrate|db\/migrate|alembic|flyway|liquibase)(?:\/|$)|\.sql$/i;
// A numbered migration in a migrations folder (supabase/migrations/20241228150426_test.sql, db/migrate/003_spec_fix.rb)
// runs in every environment the tool migrates: its name says what it changes, so "test" or "spec" in it makes no test
// (unless its folders are a test suite's).
const NUMBERED_MIGRATION = /(?:^|\/)(?:migrations?|migrate)\/(?:[^/]+\/)?\d{3,}[^/]*\.(?:sql|py|rb|[cm]?[jt]s|php|go)$/i;
const MODEL_PATH = /(?:^|\/)(?:models?|entities|entity|schemas?|domain|db|database|prisma|migrations?|migrate)(?:\/|$)|\.prisma$|(?:model|entity|schema|models)\.\w+$/i;

const EXTENSIONS: Array<[RegExp, FileKind]> = [
  [/\.(?:[cm]?[jt]sx?)$/i, "js"],
  // Single-file components: their <script> block is JavaScript or TypeScript (the template around it holds no code rules match).
  [/\.(?:vue|svelte|astro)$/i, "js"],
  [/\.py$/i, "python"],
  // Jupyter notebooks: their cells' source lines are read as Python once decoded (file-diff.ts).
  [/\.ipynb$/i, "python"],
  [/\.go$/i, "go"],
  [/\.(?:java|kt|kts|scala|sc|groovy)$/i, "java"],
  [/\.(?:rb|rake)$/i, "ruby"],
  [/\.cs$/i, "csharp"],
  [/\.php$/i, "php"],
  [/\.rs$/i, "rust"],
  [/\.swift$/i, "swift"],
  [/\.(?:c|cc|cpp|cxx|h|hh|hpp)$/i, "cpp"],
  [/\.sql$/i, "sql"],
  [/\.(?:tf|tfvars|hcl|bicep)$/i, "terraform"],
  [/\.ya?ml$/i, "yaml"],
  [/(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w-]+)?$|\.dockerfile$/i, "dockerfile"],
  [/(?:^|\/)\.env(?:\.[\w-]+)?$/i, "env"],
  [/\.(?:sh|bash|zsh|ps1)$|(?:^|\/)(?:crontab|[\w.-]+\.cron)$|(?:^|\/)cron\.d\//i, "shell"],
  [/\.(?:json|toml|ini|conf|cfg|properties|xml|config|prisma)$/i, "config"],
  [/\.(?:md|mdx|rst|txt|adoc|html?)$/i, "docs"],
];

export function classifyFile(path: string): FileClass {
  // Package folders under src/main/<language>/ (io/ktor/samples/...) name packages, not sample code.
  const testScope = path.replace(/((?:^|\/)src\/main\/(?:java|kotlin|scala|groovy)\/)(?:[^/]+\/)+/, "$1");
  let kind: FileKind = "other";
  if (MANIFEST_NAMES.test(path)) kind = "manifest";
  else for (const [pattern, k] of EXTENSIONS) if (pattern.test(path)) { kind = k; break; }
  const demo = DEMO_PATH.test(path) && !TEST_DIR.test(path);
  const migration = NUMBERED_MIGRATION.test(path) && !TEST_PATH.test(testScope.replace(/[^/]*$/, ""));
  return {
    kind,
    // Under src/main/ a file is production code whatever its name (EncryptionTest.java there is not a test).
    isTest: !demo && !migration && !MAIN_SOURCE.test(path) && TEST_PATH.test(testScope),
    isTestOnly: !demo && !migration && !MAIN_SOURCE.test(path) && TEST_ONLY_PATH.test(testScope),
    isMigration: MIGRATION_PATH.test(path),
    isModel: MODEL_PATH.test(path),
  };
}
