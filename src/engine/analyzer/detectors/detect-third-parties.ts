// New third-party services: an SDK added to a manifest, a direct call to a provider's API host, or (for AI
// providers) an import of the provider's SDK. Known services only: an unknown package is not a finding.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, inBlockComment, type FileDiff } from "../file-diff.js";
import { isCodeKind, LOCK_FILE_PATH, TRANSLATION_PATH } from "../../diff/classify-file.js";
import { loadDataFile } from "../../load-data-file.js";
import { literalPrefilter } from "../required-literals.js";
import { inSampleDeclaration, SAMPLE_DATA_FILE } from "../sample-data.js";

export interface ThirdPartyService {
  name: string;
  category: string;
  region: string;
  packages: string[];
  modules: string[];
  hosts: string[];
  /** Where the names were checked. */
  source?: string;
  /** AI providers: regex sources of the SDK calls that send a prompt. */
  calls?: string[];
  /** AI providers: regex sources of model names (matched after a quote or slash). */
  models?: string[];
  /** AI providers: regex sources of client constructors. */
  clients?: string[];
  /** Models that run where they are deployed (Ollama, LM Studio): a finding only when a remote host is in view. */
  selfHosted?: boolean;
  /** AI frameworks that reach whichever provider is configured (LangChain, Spring AI, LiteLLM): a provider the file's module names is the one used. */
  anyProvider?: boolean;
  /** Managed databases (Neon, PlanetScale, Upstash): a host in a connection setting is where the app's database lives. */
  connectionHost?: boolean;
  /** Regex sources of SDK initialisation calls: an added one starts sending data to the service. */
  inits?: string[];
  /** Regex sources of SDK options that make the service collect personal data. */
  personalDataOptions?: string[];
}

export const THIRD_PARTY_SERVICES = loadDataFile<{ services: ThirdPartyService[] }>("analyzer/third-party-services.yaml").services;

const byPackage = new Map<string, ThirdPartyService>();
const byModule = new Map<string, ThirdPartyService>();
const byHost = new Map<string, ThirdPartyService>();
for (const service of THIRD_PARTY_SERVICES) {
  for (const p of service.packages) byPackage.set(p.toLowerCase(), service);
  for (const m of service.modules) byModule.set(m.toLowerCase(), service);
  for (const h of service.hosts) byHost.set(h.toLowerCase(), service);
}
/**
 * npm scopes whose every catalogued package is one service's (@sentry, @datadog, @bugsnag): another package of the scope
 * (`@sentry/profiling-node`) is that service too. Not for AI providers, nor scopes that also publish tools or libraries
 * for other products (@elastic, @grafana, @mapbox, @microsoft, @huggingface) or belong to a person or a city.
 */
const SHARED_SCOPES = new Set(["@elastic", "@grafana", "@mapbox", "@microsoft", "@huggingface", "@google", "@azure-rest", "@jonkoops", "@datapunt", "@expo"]);
const byScope = new Map<string, ThirdPartyService | null>();
for (const service of THIRD_PARTY_SERVICES) {
  for (const p of service.packages) {
    const scope = /^(@[\w.-]+)\//.exec(p.toLowerCase())?.[1];
    if (!scope || SHARED_SCOPES.has(scope)) continue;
    const seen = byScope.get(scope);
    byScope.set(scope, seen === undefined || seen === service ? (service.category === "ai" ? null : service) : null);
  }
}
/**
 * Composer vendors (sentry/, stripe/, twilio/) and gems named with the service's own name and a hyphen (sentry-raven,
 * twilio-ruby): every package a service's vendor publishes, or a gem so named, is that service too (sentry/sentry-symfony).
 * A vendor or name shared by two services, or an AI provider's, is left to the catalogue's exact names.
 */
/** The first word of a service's name, letters and digits only (Sentry, Customer, Africas): how SDKs name it. */
const serviceWord = (service: ThirdPartyService): string => service.name.split(/[\s()/.,-]+/)[0].replace(/[^A-Za-z0-9]/g, "");
const byVendor = new Map<string, ThirdPartyService | null>();
const byGemPrefix = new Map<string, ThirdPartyService | null>();
const claim = (map: Map<string, ThirdPartyService | null>, key: string, service: ThirdPartyService) => {
  const seen = map.get(key);
  map.set(key, seen === undefined || seen === service ? (service.category === "ai" ? null : service) : null);
};
for (const service of THIRD_PARTY_SERVICES) {
  const word = serviceWord(service).toLowerCase();
  for (const p of service.packages) {
    const vendor = /^([a-z0-9][a-z0-9_-]*)\/[\w.-]+$/.exec(p.toLowerCase())?.[1];
    if (vendor === word) claim(byVendor, vendor, service);
    if (word.length >= 5 && p.toLowerCase().startsWith(`${word}-`)) claim(byGemPrefix, word, service);
  }
}
/**
 * Each catalogue list's patterns as one alternation: a text that none of them matches (most lines of most files) is
 * answered by one regex call instead of one per service. Sound: the alternation matches exactly when some pattern does
 * (same flags, no back-references); null when a list is not so joined.
 */
const ANY_OF = new WeakMap<object, RegExp | null>();
export function anyPatternOf(list: Array<{ pattern: RegExp }>): RegExp | null {
  let any = ANY_OF.get(list);
  if (any === undefined) {
    const flags = list[0]?.pattern.flags ?? "";
    const joinable = list.length > 1 && !/[gy]/.test(flags) && list.every((e) => e.pattern.flags === flags && !/\\[1-9]|\\k<|\(\?<[A-Za-z]/.test(e.pattern.source));
    any = joinable ? new RegExp(list.map((e) => `(?:${e.pattern.source})`).join("|"), flags) : null;
    ANY_OF.set(list, any);
  }
  return any;
}
/** The first entry of a catalogue list whose pattern matches the text, asking the list's alternation first. */
export function firstMatching<T extends { pattern: RegExp }>(list: T[], text: string): T | undefined {
  const any = anyPatternOf(list);
  if (any !== null && !any.test(text)) return undefined;
  return list.find((entry) => entry.pattern.test(text));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
// A URL may carry credentials before its host (a Sentry DSN: https://key@o123.ingest.sentry.io/1), and a regional
// endpoint a prefix joined by a hyphen (https://us-central1-aiplatform.googleapis.com, `${location}-aiplatform...`) or,
// for AWS, a region after it (bedrock-runtime.us-east-1.amazonaws.com). A data centre, region or tenant may be an
// interpolated label of its own (https://${dc}.api.mailchimp.com, "https://#{ENV['DC']}.api.mailchimp.com").
const HOSTS = new RegExp(`(?:https?://(?:[\\w.-]+@)?|wss?://|["'\`](?://)?)(?:[$#]?\\{[^{}\\n]{1,60}\\}\\.)?(?:[\\w-]+\\.)*(?:[\\w\${}]+-)*(${[...byHost.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})(?=[/"'\`:?]|\\s|$|\\.[a-z]{2}(?:-[a-z]+)+-\\d\\.amazonaws\\.com)`, "i");

// One package name per manifest line, by manifest format.
const MANIFEST_ENTRY: Array<[RegExp, RegExp]> = [
  [/(?:^|\/)(?:package|composer)\.json$/, /^\s*"(@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"[^"]*"/],
  // pip requirement files, also split by environment in a requirements/ folder (requirements/production.txt) and pip-tools inputs (.in).
  [/(?:^|\/)(?:requirements[\w.-]*|requirements\/[\w.-]+)\.(?:txt|in)$/, /^\s*([A-Za-z0-9][\w.-]*)(?:\[[^\]]*\])?\s*(?:[=<>!~]=?|;|$)/],
  // PEP 621 and Poetry tables; a PEP 621 entry may be a bare name (`"posthog",`), read only inside a dependency list (outsideDependencyList).
  [/(?:^|\/)(?:pyproject\.toml|Pipfile)$/, /^\s*"?([A-Za-z0-9][\w.-]*)"?\s*=\s*["{]|^\s*"([A-Za-z0-9][\w.-]*)\s*(?:\[[^\]]*\])?\s*[<>=~!^]|^\s*"([A-Za-z0-9][\w.-]*)(?:\[[^\]]*\])?"\s*,?\s*$/],
  // setuptools' install_requires / extras_require entries (`'sentry-sdk>=1.40',`), read only inside such a list.
  [/(?:^|\/)setup\.py$/, /^\s*["']([A-Za-z0-9][\w.-]*)(?:\[[^\]]*\])?\s*(?:[<>=~!]=?\s*[\w.*]+\s*(?:,\s*[<>=~!]=?\s*[\w.*]+\s*)*)?(?:;[^"']*)?["']\s*,?\s*$/],
  // Gradle version catalogs (gradle/libs.versions.toml): `sentry-android = { module = "io.sentry:sentry-android", ... }`,
  // `{ group = "io.sentry", name = "sentry-android" }` or `"io.sentry:sentry-android:7.0.0"` (docs.gradle.org version catalogs).
  [/(?:^|\/)[\w.-]*\.versions\.toml$/, /\bmodule\s*=\s*"[\w.-]+:([\w.-]+)"|\bgroup\s*=\s*"[\w.-]+"\s*,\s*name\s*=\s*"([\w.-]+)"|^\s*[\w.-]+\s*=\s*"[\w.-]+:([\w.-]+):[^"]*"/],
  // NuGet central package management and the older packages.config.
  [/(?:^|\/)(?:Directory\.Packages\.props|packages\.config)$/, /<PackageVersion\s+Include="([\w.-]+)"|<package\s+id="([\w.-]+)"/],
  [/(?:^|\/)go\.mod$/, /^\s*(?:require\s+)?([\w.-]+\.[a-z]+\/[\w./-]+)\s+v\d/],
  [/(?:^|\/)pom\.xml$/, /<artifactId>([\w.-]+)<\/artifactId>/],
  // Maven coordinates, or a React Native module linked by hand as a Gradle project (`compile project(':react-native-sentry')`,
  // the pre-0.60 react-native link form): the project is named for its npm package.
  [/(?:^|\/)build\.gradle(?:\.kts)?$/, /["'][\w.-]+:([\w.-]+)(?::[^"']*)?["']|\bproject\s*\(\s*["']:(react-native-[\w.-]+)["']\s*\)/],
  // sbt's `"com.twilio.sdk" % "twilio" % "8.34.1"` (%% for Scala artifacts), also in project/*.scala; Mill's ivy"group::artifact:version".
  [/(?:^|\/)(?:build\.sbt|project\/\w+\.scala|build\.sc)$/, /"[\w.-]+"\s*%{1,3}\s*"([\w.-]+)"\s*%|\bivy"[\w.-]+:{1,2}([\w.-]+):/],
  [/(?:^|\/)Gemfile$/, /^\s*gem\s+["']([\w.-]+)["']/],
  [/\.csproj$/, /<PackageReference\s+Include="([\w.-]+)"/],
  [/(?:^|\/)Cargo\.toml$/, /^\s*([A-Za-z0-9][\w-]*)\s*=\s*["{]/],
  [/(?:^|\/)mix\.exs$/, /^\s*\{\s*:(\w+)\s*,/],
  // CocoaPods (`pod 'Sentry'`, `pod 'Firebase/Analytics'`), Flutter (`  sentry_flutter: ^8.0.0`), Swift packages (the repository name).
  [/(?:^|\/)Podfile$/, /^\s*pod\s+["']([\w.+-]+(?:\/[\w.+-]+)?)["']/],
  [/(?:^|\/)pubspec\.yaml$/, /^\s{2,}([a-z][a-z0-9_]*)\s*:/],
  [/(?:^|\/)Package\.swift$/, /\.package\s*\(\s*(?:name:\s*"[^"]*"\s*,\s*)?url:\s*"[^"]*\/([\w.-]+?)(?:\.git)?"/],
];
const GRADLE_BUILD = /(?:^|\/)build\.gradle(?:\.kts)?$/;
const HTML_PAGE = /\.(?:html?|xhtml)$/i;
/** A line of a page that loads from a host: a script or frame source, an inline snippet's loader (`(window, document, 'https://...')`). */
const LOADS_SCRIPT = /<script\b|<iframe\b|<link\b|\bsrc\s*=|\(\s*window\s*,\s*document\b|\bfetch\s*\(/i;
const GRADLE_PLUGIN = /^\s*id\s*\(?\s*["']([\w.-]+)["']|\bapply\s*\(?\s*plugin\s*[:=]\s*["']([\w.-]+)["']/;
/**
 * A dependency given by its version-catalog accessor (`implementation(libs.firebase.analytics)`, Groovy's
 * `implementation libs.sentry.android`): Gradle turns the catalog's alias `firebase-analytics` into `libs.firebase.analytics`
 * (docs.gradle.org, version catalogs: "aliases ... separated by -, _ or . are normalized to ."). Bundles, plugins and
 * versions are not libraries; a BOM given through platform() fixes versions and installs nothing.
 */
const CATALOG_ACCESSOR = /^\s*(?:implementation|api|runtimeOnly|compileOnly|compile|releaseImplementation|kapt|ksp)\s*\(?\s*libs\.(?!(?:bundles|plugins|versions)\.)([A-Za-z][\w.]{0,120}?)\s*\)?\s*$/;
/**
 * The catalogued package an accessor names: its alias whole (`libs.sentry`), or its last two or more words
 * (`libs.google.firebase.analytics` -> firebase-analytics), so that a group word put before the library's name is read past.
 */
function catalogAccessorPackage(text: string): string | undefined {
  const words = CATALOG_ACCESSOR.exec(text)?.[1].toLowerCase().split(/[._]/);
  if (!words) return undefined;
  for (let from = 0; from < words.length && (from === 0 || words.length - from >= 2); from++) {
    const name = words.slice(from).join("-");
    if (byPackage.has(name)) return name;
  }
  return undefined;
}
/** Manifests the file classifier does not know as such (Elixir's mix.exs, Swift's Package.swift and Ruby's Podfile are code that lists dependencies). */
const OTHER_MANIFEST = /(?:^|\/)(?:build\.sbt|project\/\w+\.scala|build\.sc|mix\.exs|Podfile|pubspec\.yaml|Package\.swift|requirements\/[\w.-]+\.(?:txt|in)|requirements[\w.-]*\.in|setup\.py|[\w.-]*\.versions\.toml|Directory\.Packages\.props|packages\.config)$/;
/** A version catalog's group (`module = "io.sentry:..."`, `group = "io.sentry"`, `"io.sentry:sentry-android:7.0.0"`) and plugin id (`id = "io.sentry.android.gradle"`). */
const CATALOG_GROUP = /\bmodule\s*=\s*"([\w.-]+):|\bgroup\s*=\s*"([\w.-]+)"|^\s*[\w.-]+\s*=\s*"([\w.-]+):[\w.-]+:/;
const CATALOG_PLUGIN = /\bid\s*=\s*"([\w.-]+)"/;

const IMPORTS: Record<string, RegExp> = {
  js: /\bfrom\s+["']([^"']+)["']|\brequire\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/,
  python: /^\s*from\s+([\w.]+)\s+import\b|^\s*import\s+([\w.]+)/,
  go: /^\s*(?:import\s+)?(?:\w+\s+)?"([\w.-]+\.[a-z]+\/[^"]+)"\s*$/,
  java: /^\s*import\s+(?:static\s+)?([\w.]+)/,
  csharp: /^\s*using\s+([\w.]+)\s*;/,
  ruby: /^\s*require\s+["']([\w./-]+)["']/,
  php: /^\s*use\s+([\w\\]+)/,
  dart: /^\s*import\s+["']package:(\w+)\//,
};
/**
 * Dart (Flutter), Elixir (config/runtime.exs, lib/*.ex), Objective-C (an iOS app's .m/.mm sources, where its SDKs are
 * started: `[FIRApp configure]`, `[Amplitude initializeApiKey:key]`) and the script blocks of Vue, Svelte and Astro
 * components are code the file classifier does not name.
 */
const kindOf = (diff: FileDiff) => (OTHER_MANIFEST.test(diff.path) ? "manifest" : /\.dart$/i.test(diff.path) ? "dart" : /\.exs?$/i.test(diff.path) ? "elixir" : /\.mm?$/i.test(diff.path) ? "objc" : /\.(?:vue|svelte|astro)$/i.test(diff.path) ? "js" : diff.fileClass.kind);
const isCode = (kind: string) => kind === "dart" || kind === "elixir" || kind === "objc" || isCodeKind(kind as FileDiff["fileClass"]["kind"]);

const HOSTS_SCAN = new RegExp(HOSTS.source, "gim");
const OPTIONS = THIRD_PARTY_SERVICES.flatMap((service) => (service.personalDataOptions ?? []).map((option) => ({ service, pattern: new RegExp(option, "i") })));
/** Any option of the catalogue that makes a service collect personal data. */
const OPTION_SCAN = literalPrefilter(OPTIONS.map((o) => o.pattern.source), new RegExp(OPTIONS.map((o) => `(?:${o.pattern.source})`).join("|"), "gim"));
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*)/;
/** Signs that a request carries a body: payload keys, body options, POST fields. */
// A content type ("application/json", "multipart/form-data") names a format, not a body sent.
const REQUEST_BODY = /(?<!\b(?:application|text|multipart)\/)\b(?:messages|prompt|input|inputs|contents|body|json|data|payload|POSTFIELDS|postFields|form|files?)\b/i;
/**
 * A request body made of one string literal (OkHttp's `RequestBody body = RequestBody.create(type, "{...}")`, `body =
 * "{...}"`): a fixed prompt (a smoke test), no one's text. Nothing is concatenated or interpolated into it.
 */
const FIXED_BODY_DEFINITION = /\b(\w+)\s*=\s*(?:[\w.]+\s*\(\s*[\w.]+\s*,\s*)?"(?:[^"\\$]|\\.){0,2000}"\s*\)?\s*;?\s*$/;
/** The added text a request body would show in, without bodies that are fixed literals (their definitions and their names). */
function bodyWords(diff: FileDiff): string {
  const fixed = new Set<string>();
  for (const line of diff.lines) {
    const name = line.kind !== "-" && line.text.length <= 2000 ? FIXED_BODY_DEFINITION.exec(line.text)?.[1] : undefined;
    if (name) fixed.add(name);
  }
  if (fixed.size === 0) return diff.added.text;
  const names = new RegExp(String.raw`\b(?:${[...fixed].join("|")})\b`, "g");
  return diff.added.texts.filter((t) => t.length > 2000 || !FIXED_BODY_DEFINITION.test(t)).map((t) => t.replace(names, "")).join("\n");
}
/**
 * Hosts of one's own: this machine, a container's host, and addresses of a private network (RFC 1918, link-local,
 * mDNS `.local` names), where a self-hosted model server (Ollama on a workstation, vLLM in the office) is no third party.
 */
export const OWN_HOST = String.raw`(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2}|[\w-]+\.local)\b`;
/** A URL to a host other than one's own. */
export const REMOTE_URL = new RegExp(String.raw`\bhttps?:\/\/(?!${OWN_HOST})[\w-]+(?:\.[\w-]+)+`, "i");

const INITS = THIRD_PARTY_SERVICES.flatMap((service) => (service.inits ?? []).map((init) => ({ service, pattern: new RegExp(init, "m") })));
const INIT_SCAN = literalPrefilter(INITS.map((i) => i.pattern.source), new RegExp(INITS.map((i) => `(?:${i.pattern.source})`).join("|"), "gm"));

/** An SDK initialised on an added line (and not on a removed one: that is a move or an edit). */
function initialisations(diff: FileDiff): RawFinding[] {
  // Whether the removed side initialises it too, asked once per pattern (not once per added line that does).
  const removedToo = new Map<RegExp, boolean>();
  const alsoRemoved = (pattern: RegExp): boolean => {
    let found = removedToo.get(pattern);
    if (found === undefined) removedToo.set(pattern, (found = pattern.test(diff.removed.text)));
    return found;
  };
  for (const index of candidateLines(diff.added, INIT_SCAN)) {
    const line = diff.lines[index];
    if (COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
    const init = firstMatching(INITS, line.text);
    if (!init || alsoRemoved(init.pattern)) continue;
    return [finding(diff, init.service, line, "code")];
  }
  return [];
}

/** Lines that turn on a catalogue option sending personal data (Sentry's sendDefaultPii, unmasked replays). */
function personalDataOptions(diff: FileDiff): RawFinding[] {
  for (const index of candidateLines(diff.added, OPTION_SCAN)) {
    const line = diff.lines[index];
    if (COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
    const option = firstMatching(OPTIONS, line.text);
    if (!option) continue;
    return [{ ruleId: "error-tracking-pii", path: diff.path, line: line.newLine, side: "RIGHT", evidence: line.text, detail: { vendor: option.service.name, category: option.service.category } }];
  }
  return [];
}
/**
 * An npm package loaded from a public package CDN in a page or a module (`<script src="https://cdn.jsdelivr.net/npm/posthog-js@1">`,
 * `import "https://esm.sh/@sentry/browser@8"`, `https://unpkg.com/@amplitude/analytics-browser`): the CDN is only the carrier,
 * the package names the service (jsdelivr.com/documentation, unpkg.com, esm.sh, skypack.dev and jspm.io URL forms).
 */
const CDN_PACKAGE = /\b(?:(?:cdn\.jsdelivr\.net\/npm|unpkg\.com|esm\.sh|esm\.run|cdn\.skypack\.dev)\/|ga\.jspm\.io\/npm:)(@[\w.-]+\/[\w.-]+|[\w.-]+)/gi;
/** The CDNs' hosts, tested once on a file's added text: few files name one, so no line scan of its own is planned. */
const CDN_HOST = /cdn\.jsdelivr\.net\/npm\/|unpkg\.com\/|esm\.sh\/|esm\.run\/|cdn\.skypack\.dev\/|ga\.jspm\.io\/npm:/i;
function cdnPackages(diff: FileDiff, kind: string): Array<{ service: ThirdPartyService; line: { newLine: number; text: string } }> {
  const found: Array<{ service: ThirdPartyService; line: { newLine: number; text: string } }> = [];
  if (!CDN_HOST.test(diff.added.text)) return found;
  for (const index of diff.added.indexes) {
    const line = diff.lines[index];
    if (!CDN_HOST.test(line.text)) continue;
    if (line.text.length > 2000 || (isCode(kind) && (COMMENT.test(line.text) || inBlockComment(diff, index)))) continue;
    if (kind === "docs" && !LOADS_SCRIPT.test(line.text)) continue;
    for (const m of line.text.matchAll(CDN_PACKAGE)) {
      const name = m[1].toLowerCase();
      const service = byPackage.get(name) ?? (name.startsWith("@") ? byScope.get(name.split("/")[0]) ?? undefined : undefined);
      // Loaded before too (a version moved in the URL) is no new service.
      if (service && !service.selfHosted && !diff.removedCompact.includes(name)) { found.push({ service, line }); break; }
    }
  }
  return found;
}

/** Per code kind: a known API host or an import line. */
const CODE_SCAN: Record<string, RegExp> = Object.fromEntries(Object.entries(IMPORTS).map(([k, pattern]) => [k, new RegExp(`${HOSTS.source}|${pattern.source}`, "gim")]));

function moduleService(module: string): ThirdPartyService | undefined {
  const lower = module.toLowerCase();
  for (let candidate = lower; candidate; ) {
    const hit = byModule.get(candidate);
    if (hit) return hit;
    const cut = Math.max(candidate.lastIndexOf("/"), candidate.lastIndexOf("."), candidate.lastIndexOf("\\"));
    if (cut <= 0) break;
    candidate = candidate.slice(0, cut);
  }
  return undefined;
}

/**
 * The service a manifest's package belongs to: by its name, or failing that by what the name belongs to: a CocoaPods
 * subspec (Firebase/Analytics) to its pod, an npm package to its scope, a NuGet package to its namespace
 * (Sentry.Serilog), a Maven artifact to the groupId just above it (io.sentry).
 */
/**
 * A vendor's build tooling, reached through its npm scope only: bundler plugins and CLIs that upload source maps or
 * releases at build time (@sentry/webpack-plugin, @sentry/vite-plugin, @sentry/cli, @datadog/datadog-ci); no user's data
 * goes through them. A package the catalogue names itself still counts.
 */
const BUILD_TOOL_PACKAGE = /^@[\w.-]+\/(?:[\w.-]*[-/])?(?:webpack|vite|rollup|esbuild|babel|metro|next|bundler|unplugin)-plugin$|^@[\w.-]+\/(?:[\w.-]+-)?(?:cli|ci|wizard)$/;

function packageService(name: string, diff: FileDiff, index: number): ThirdPartyService | undefined {
  const lower = name.toLowerCase();
  const known = byPackage.get(lower);
  if (known) return known;
  if (BUILD_TOOL_PACKAGE.test(lower)) return undefined;
  if (/(?:^|\/)Podfile$/.test(diff.path)) return byPackage.get(lower.split("/")[0]);
  if (lower.startsWith("@")) return byScope.get(lower.split("/")[0]) ?? undefined;
  if (/(?:^|\/)composer\.json$/.test(diff.path) && lower.includes("/")) return byVendor.get(lower.split("/")[0]) ?? undefined;
  // Not a test double of the service (stripe-ruby-mock, twilio-test-toolkit): it talks to nothing.
  if (/(?:^|\/)Gemfile$/.test(diff.path) && !/mock|test|spec|fake|stub/.test(lower)) return byGemPrefix.get(lower.split("-")[0]) ?? undefined;
  if (/\.csproj$|(?:^|\/)(?:Directory\.Packages\.props|packages\.config)$/.test(diff.path)) return moduleService(name);
  if (/(?:^|\/)pom\.xml$/.test(diff.path)) {
    for (let i = index - 1; i >= 0 && i >= index - 3; i--) {
      const group = /<groupId>([\w.-]+)<\/groupId>/.exec(diff.lines[i].text)?.[1];
      if (group) return moduleService(group);
    }
  }
  return undefined;
}

function packageNameIn(path: string, text: string): string | undefined {
  for (const [file, entry] of MANIFEST_ENTRY) {
    if (!file.test(path)) continue;
    const m = entry.exec(text);
    return m?.slice(1).find((g) => g !== undefined);
  }
  return undefined;
}

/** Requirement files of development environments (requirements-dev.txt, requirements/test.txt, requirements/local.in). */
const DEV_REQUIREMENTS = /(?:^|\/)requirements(?:[-_.]|\/)(?:dev|devel|development|local|test|tests|testing|lint|linting|docs|ci|typing)\b[\w.-]*\.(?:txt|in)$/i;
/** Gradle configurations that only build and run tests (testImplementation, androidTestImplementation, testFixturesApi). */
const GRADLE_TEST_CONFIGURATION = /^\s*(?:test|androidTest|testFixtures)\w*(?:Implementation|Compile|Api|RuntimeOnly|CompileOnly)\b/;
/** Sections, groups and targets of development only, per manifest format (each format's documentation). */
const DEV_SECTION: Array<[RegExp, RegExp, RegExp]> = [
  // [manifest, a section or group opener (its name captured), the names of development sections]
  [/(?:^|\/)(?:package|composer)\.json$/, /^\s*"(\w*[dD]ependencies|require(?:-dev)?)"\s*:/, /^(?:devDependencies|require-dev)$/],
  [/(?:^|\/)Cargo\.toml$/, /^\s*\[([^\]]+)\]/, /(?:^|\.)(?:dev|build)-dependencies$/],
  // Poetry groups and dev-dependencies, PEP 735 dependency groups and PEP 621 optional extras named for development.
  [/(?:^|\/)(?:pyproject\.toml|Pipfile)$/, /^\s*\[([^\]]+)\]|^\s*([\w-]+)\s*=\s*\[\s*$/, /dev-dependencies|dev-packages|\.group\.(?:dev|test|tests|lint|docs|typing)\.|^(?:dev|test|tests|lint|docs|typing)$/],
  [/(?:^|\/)pubspec\.yaml$/, /^(\w+):\s*$/, /^dev_dependencies$/],
  [/(?:^|\/)Podfile$/, /^\s*target\s+["']([^"']+)["']\s+do\b/, /Tests$/],
];
/**
 * A dependency that ships nothing to production: a Go module's `// indirect` requirement, an npm devDependency, Composer's
 * require-dev, Cargo's dev-dependencies, Poetry and PEP 735 development groups, Flutter's dev_dependencies, a Podfile's test
 * target, a Gemfile's development and test groups, Mix's `only: [:dev, :test]`, Gradle's test configurations and development
 * requirement files.
 */
function developmentOnly(diff: FileDiff, index: number): boolean {
  const text = diff.lines[index].text;
  if (/(?:^|\/)go\.mod$/.test(diff.path)) return /\/\/\s*indirect\b/.test(text);
  if (DEV_REQUIREMENTS.test(diff.path)) return true;
  if (/build\.gradle(?:\.kts)?$/.test(diff.path)) return GRADLE_TEST_CONFIGURATION.test(text);
  // sbt's test scopes: `% Test`, `% "test"`, `% "it"`.
  if (/(?:^|\/)(?:build\.sbt|project\/\w+\.scala)$/.test(diff.path)) return /%\s*(?:Test|IntegrationTest|"test"|"it")\b/.test(text);
  if (/(?:^|\/)mix\.exs$/.test(diff.path)) return /\bonly:\s*(?::(?:dev|test)\b|\[\s*:(?:dev|test)\s*(?:,\s*:(?:dev|test)\s*)?\])/.test(text);
  if (/(?:^|\/)Gemfile$/.test(diff.path)) {
    if (/\bgroups?:\s*(?:\[?\s*:(?:development|test)\b)/.test(text)) return true;
    // The innermost block above the line: a group of development or test gems, or the end of a block (top level).
    for (let i = index - 1; i >= 0; i--) {
      const line = diff.lines[i].text;
      if (/^\s*end\b/.test(line)) return false;
      const group = /^\s*group\s+(.+?)\s+do\b/.exec(line)?.[1];
      if (group) return group.split(/\s*,\s*/).every((g) => /^:(?:development|test)$|^["'](?:development|test)["']$/.test(g));
    }
    return false;
  }
  // The nearest section heading above the line, when the hunk shows it.
  for (const [file, opener, dev] of DEV_SECTION) {
    if (!file.test(diff.path)) continue;
    for (let i = index - 1; i >= 0; i--) {
      const m = opener.exec(diff.lines[i].text);
      const section = m?.slice(1).find((g) => g !== undefined);
      if (section) return dev.test(section);
    }
    return false;
  }
  return false;
}

/**
 * Python manifests whose entries may be bare quoted names: only inside a dependency list (PEP 621 `dependencies = [`,
 * optional or grouped dependencies, setuptools' `install_requires=[`), not `keywords`, `classifiers` or `packages`. A
 * list whose opener the hunk does not show counts.
 */
function outsideDependencyList(diff: FileDiff, index: number): boolean {
  if (!/(?:^|\/)(?:pyproject\.toml|setup\.py)$/.test(diff.path) || /=/.test(diff.lines[index].text)) return false;
  for (let i = index - 1; i >= 0; i--) {
    const line = diff.lines[i].text;
    const key = /^\s*["']?([\w-]+)["']?\s*[=:]\s*[[{(]/.exec(line)?.[1];
    if (key) return !/depend|requires|^(?:dev|test|tests|lint|docs|typing|all|extras?)$/i.test(key) && !/optional-dependencies|dependency-groups/.test(diff.lines.slice(Math.max(0, i - 30), i).map((l) => l.text).join("\n"));
    if (/^\s*\[/.test(line)) return true;
  }
  return false;
}

/** npm's local version protocols: a package of the same monorepo or a folder on disk, never fetched from a vendor. */
const LOCAL_VERSION = /^\s*"[^"]+"\s*:\s*"(?:workspace|file|link|portal):/;
/** A package.json's own name in a scope (`"name": "@novu/react-native"`): the scope the project publishes under. */
const OWN_NAME = /^\s*"name"\s*:\s*"(@[\w.-]+)\//;
const ownScopes = new WeakMap<FileDiff, string | null>();

/**
 * A dependency the project itself publishes: one given by a local protocol (`"@novu/js": "workspace:*"`), or one in
 * the npm scope of the manifest's own name when the diff shows it (a monorepo's `@novu/react-native` depending on
 * `@novu/react`). A vendor's SDK is neither.
 */
function firstPartyPackage(diff: FileDiff, text: string, name: string): boolean {
  if (!/(?:^|\/)package\.json$/.test(diff.path)) return false;
  if (LOCAL_VERSION.test(text)) return true;
  if (!name.startsWith("@")) return false;
  let scope = ownScopes.get(diff);
  if (scope === undefined) {
    scope = null;
    // The name comes first in a package.json: the first lines shown are enough.
    for (let i = 0; i < diff.lines.length && i < 40; i++) {
      const m = OWN_NAME.exec(diff.lines[i].text);
      if (m) { scope = m[1].toLowerCase(); break; }
    }
    ownScopes.set(diff, scope);
  }
  return scope !== null && name.toLowerCase().startsWith(scope + "/");
}

/** A URL given as an example value (OpenAPI `example:`, `#[schema(example = ...)]`, `@example`) documents, it sends nothing. */
const EXAMPLE_VALUE = /(?:^|[\s(,{@])examples?\s*(?:[:=]|\()/i;

function finding(diff: FileDiff, service: ThirdPartyService, line: { newLine: number; text: string }, via: "manifest" | "code"): RawFinding {
  const ai = service.category === "ai";
  return {
    ruleId: ai ? "ai-provider-added" : via === "manifest" ? "third-party-sdk-added" : "outbound-data-flow",
    path: diff.path,
    line: line.newLine,
    side: "RIGHT",
    evidence: line.text,
    detail: { vendor: service.name, category: service.category },
    dedupeKey: `vendor|${service.name}`,
    dedupePriority: via === "code" ? 0 : 1,
  };
}

/**
 * Build and CI tooling (GitHub workflows, a top-level ci/ folder's notification worker) posts about the build to chat or
 * coverage services; it handles no customer's data. A ci/ folder inside the app (app/services/ci/) is product code.
 */
const CI_PATH = /^ci\/|(?:^|\/)(?:\.github|\.circleci|\.buildkite|\.gitlab)\/|(?:^|\/)(?:\.gitlab-ci\.ya?ml|azure-pipelines\.ya?ml|Jenkinsfile|bitbucket-pipelines\.ya?ml)$/;

/** Services whose packages the manifest's removed lines drop: a new package of the same service is a swap (@sentry/bun -> @sentry/deno). */
const removedServices = new WeakMap<FileDiff, Set<ThirdPartyService>>();
function servicesRemoved(diff: FileDiff): Set<ThirdPartyService> {
  let services = removedServices.get(diff);
  if (!services) {
    services = new Set();
    for (const line of diff.lines) {
      if (line.kind !== "-" || line.text.length > 2000) continue;
      const name = packageNameIn(diff.path, line.text) ?? (GRADLE_BUILD.test(diff.path) ? catalogAccessorPackage(line.text) : undefined);
      const service = name ? packageService(name, diff, 0) : undefined;
      if (service) services.add(service);
    }
    removedServices.set(diff, services);
  }
  return services;
}

/** Sub-domains that serve pages for people: documentation, help centres, status pages, blogs. */
const DOCUMENTATION_LABEL = /^(?:docs?|help|support|status|blog|community|learn|academy|kb|guides?)$/i;
/** Paths of documentation on a developer portal (developer.zendesk.com/documentation/..., developers.x.com/docs/...). */
const DOCUMENTATION_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:docs?|documentation|reference|guides?|articles?|hc|learn|tutorials?)(?:\/|$)/i;

/**
 * Whether the catalogued host is reached through a documentation sub-domain (docs.sentry.io), or a developer portal's
 * documentation path (developer.zendesk.com/documentation/webhooks/): a link for people to read, not an API call.
 */
function documentationLink(text: string, host: RegExpExecArray): boolean {
  const matched = host[0];
  const at = matched.toLowerCase().lastIndexOf(host[1].toLowerCase());
  const prefix = matched.slice(0, at).replace(/^(?:https?:\/\/(?:[\w.-]+@)?|wss?:\/\/|["'`])/i, "");
  const label = /^([\w-]+)\./.exec(prefix)?.[1];
  if (!label) return false;
  const rest = text.slice(host.index + matched.length, host.index + matched.length + 200);
  const path = /^(?::\d+)?(\/[^\s"'`?#]*)?/.exec(rest)?.[1] ?? "";
  if (/^\/api(?:\/|$)/i.test(path)) return false;
  if (DOCUMENTATION_LABEL.test(label)) return true;
  return /^developers?$/i.test(label) && DOCUMENTATION_PATH.test(path);
}

/** What comes before a host that is only compared (`type === 'graph.facebook.com'`, `case "api.stripe.com":`,
 * `url.hostname.endsWith(".sentry.io")`): a test of a value, not a request. */
const COMPARED_BEFORE = /(?:[=!]==?|\bcase|\b(?:endsWith|startsWith|includes|indexOf|contains|equals|equalsIgnoreCase|match|test)\s*\()\s*$/;
/**
 * What comes before a URL used as the key of a lookup (`claims.dig("https://api.openai.com/auth", "chatgpt_account_id")`,
 * `payload["https://example.auth0.com/roles"]`): OpenID Connect's custom claims are namespaced by URL, so the URL names a
 * claim of a token in hand; nothing is sent to it.
 */
const KEY_LOOKUP_BEFORE = /(?:\.(?:dig|fetch|get|getClaim|get_claim)\s*\(|\[)\s*["'`]?$/;
function comparedOnly(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 24), at);
  return COMPARED_BEFORE.test(before) || KEY_LOOKUP_BEFORE.test(before);
}

/**
 * A connection setting's key right before a host: PGHOST=, DB_HOST: , "host" =>, DATABASE_URL=, REDIS_URL=, spring's
 * datasource url=. A managed database's host there (Neon's PGHOST, the labelled corpus's DATABASE_URL cases) says where
 * the app's own database lives; the corpus labels those secrets, never a new subprocessor.
 */
const CONNECTION_SETTING_BEFORE = /(?:host(?:name)?|server|ur[il]|dsn|endpoint|database|db|addr(?:ess)?|connection(?:_?string)?)["'\]]?\s*(?::|=>?|:=)\s*["'`]?$/i;
function connectionSetting(text: string, at: number): boolean {
  return CONNECTION_SETTING_BEFORE.test(text.slice(Math.max(0, at - 60), at));
}

/** The hosts the file's unchanged lines name, read once per file (lower-cased context text). */
const contextTexts = new WeakMap<FileDiff, string>();
function contextUses(diff: FileDiff, host: string): boolean {
  let text = contextTexts.get(diff);
  if (text === undefined) {
    const parts: string[] = [];
    for (const line of diff.lines) if (line.kind === " " && line.text.length <= 2000 && !COMMENT.test(line.text)) parts.push(line.text);
    text = parts.join("\n").toLowerCase();
    contextTexts.set(diff, text);
  }
  return text.includes(host.toLowerCase());
}

/** Each AI service's call signatures as one pattern (third-party-services.yaml `calls`). */
const SERVICE_CALLS = new Map<ThirdPartyService, RegExp>();
/**
 * Whether the file's calls of the service (its catalogued call signatures, on added and unchanged lines) are all in
 * comments, with at least one there: the call is commented out and the import serves nothing that sends.
 */
function callsOnlyCommented(diff: FileDiff, service: ThirdPartyService): boolean {
  if (!service.calls?.length) return false;
  let calls = SERVICE_CALLS.get(service);
  if (!calls) { calls = new RegExp(service.calls.join("|")); SERVICE_CALLS.set(service, calls); }
  let commented = false;
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind === "-" || line.text.length > 2000 || !calls.test(line.text)) continue;
    if (COMMENT.test(line.text) || inBlockComment(diff, i)) commented = true;
    else return false;
  }
  return commented;
}

export function detectThirdParties(diff: FileDiff): RawFinding[] {
  const { isTest } = diff.fileClass;
  const kind = kindOf(diff);
  // A data file of sample payloads (hookdeck-samples.json, webhook-payloads.json): the providers' documented bodies.
  // A lock file (composer.lock, package-lock.json) is generated from the manifest, where a new dependency is reviewed;
  // its homepage and support URLs name hosts nothing calls.
  if ((kind === "config" && SAMPLE_DATA_FILE.test(diff.path)) || LOCK_FILE_PATH.test(diff.path)) return [];
  // HTML pages are read for the scripts they load (a tag manager, a chat widget, an analytics snippet), not their text.
  if (isTest || (kind === "docs" && !HTML_PAGE.test(diff.path)) || (kind !== "manifest" && CI_PATH.test(diff.path)) || (!isCode(kind) && TRANSLATION_PATH.test(diff.path))) return [];
  const findings: RawFinding[] = [];
  const seen = new Set<string>();
  const add = (f: RawFinding) => { if (!seen.has(f.dedupeKey!)) { seen.add(f.dedupeKey!); findings.push(f); } };
  if (kind !== "manifest") findings.push(...personalDataOptions(diff));
  if (isCode(kind)) for (const f of initialisations(diff)) add(f);
  if (kind !== "manifest") for (const { service, line } of cdnPackages(diff, kind)) add(finding(diff, service, line, "code"));
  const importPattern = IMPORTS[kind];
  const candidates = kind === "manifest" ? diff.added.indexes : candidateLines(diff.added, importPattern && isCode(kind) ? CODE_SCAN[kind] : HOSTS_SCAN);
  for (const index of candidates) {
    const line = diff.lines[index];
    if (line.text.length > 2000) continue;
    if (kind === "manifest") {
      const name = packageNameIn(diff.path, line.text) ?? (GRADLE_BUILD.test(diff.path) ? catalogAccessorPackage(line.text) : undefined);
      // Maven and Gradle coordinates: the artifact, or failing that the group (com.google.firebase:firebase-analytics).
      const group = /build\.gradle(?:\.kts)?$/.test(diff.path) ? /["']([\w.-]+):[\w.-]+(?::[^"']*)?["']/.exec(line.text)?.[1]
        // sbt and Mill: the organization before the artifact (`"io.sentry" %% "sentry-scala"`).
        : /(?:^|\/)(?:build\.sbt|project\/\w+\.scala|build\.sc)$/.test(diff.path) ? /"([\w.-]+)"\s*%{1,3}\s*"[\w.-]+"|\bivy"([\w.-]+):/.exec(line.text)?.slice(1).find((g) => g !== undefined)
        : /\.versions\.toml$/.test(diff.path) ? CATALOG_GROUP.exec(line.text)?.slice(1).find((g) => g !== undefined) : undefined;
      // A Gradle plugin of the service (`id("io.sentry.android.gradle")`, `apply plugin: 'com.google.firebase.crashlytics'`)
      // installs its SDK: the plugin id is read like a package namespace.
      const plugin = !name && /build\.gradle(?:\.kts)?$/.test(diff.path) ? GRADLE_PLUGIN.exec(line.text)?.slice(1).find((g) => g !== undefined)
        : !name && /\.versions\.toml$/.test(diff.path) ? CATALOG_PLUGIN.exec(line.text)?.[1] : undefined;
      const service = name ? packageService(name, diff, index) ?? (group ? moduleService(group) : undefined) : plugin ? moduleService(plugin) : undefined;
      // The same package on a removed line is a version change, not a new service.
      const key = name ?? plugin;
      // A self-hosted model runtime (Ollama and its LangChain, Go, .NET clients) installs no third party.
      if (service && key && !service.selfHosted && !diff.removedCompact.includes(key.toLowerCase()) && !developmentOnly(diff, index) && !outsideDependencyList(diff, index) && !servicesRemoved(diff).has(service) && !firstPartyPackage(diff, line.text, key)) add(finding(diff, service, line, "manifest"));
      continue;
    }
    const host = kind === "docs" && !LOADS_SCRIPT.test(line.text) ? null : HOSTS.exec(line.text);
    // A host the removed lines already call is an edit of an existing flow (reformatted, made configurable), not a new one.
    // A host named in a code comment (a Rust //! note on which API returns a field) is prose; nothing is sent to it.
    // So is anything inside a block comment (a client class commented out whole).
    if (isCode(kind) && inBlockComment(diff, index)) continue;
    if (host && (EXAMPLE_VALUE.test(line.text) || diff.removedCompact.includes(host[1].toLowerCase()) || (isCode(kind) && COMMENT.test(line.text)))) continue;
    // A link to the provider's documentation (docs.sentry.io, developer.zendesk.com/documentation/...) is for people to
    // read; a sample payload's links (`"href": "https://api.paypal.com/v1/billing/plans/P-5ML..."`) are data; and a host
    // the file's unchanged lines already use is a flow it had (a wrapper added around an existing call).
    if (host && (documentationLink(line.text, host) || inSampleDeclaration(diff, index) || contextUses(diff, host[1]) || comparedOnly(line.text, host.index))) continue;
    if (host) {
      const service = byHost.get(host[1].toLowerCase());
      // A request to a model API's URL that sends it nothing (a connectivity check) is not model use; a client made
      // for the service (boto3.client("bedrock-runtime")) is.
      const urlOnly = /^(?:https?|wss?):/i.test(host[0]) && service?.category === "ai" && isCode(kind) && !REQUEST_BODY.test(bodyWords(diff));
      if (service && !urlOnly && !(service.connectionHost && connectionSetting(line.text, host.index))) add(finding(diff, service, line, "code"));
      continue;
    }
    // SDK imports count for AI providers only: importing an already-installed analytics SDK elsewhere is not news,
    // a new place that calls a model is. Other services count when the diff also constructs their client.
    if (importPattern && isCode(kind)) {
      const m = importPattern.exec(line.text);
      const module = m?.slice(1).find((g) => g !== undefined);
      const service = module ? moduleService(module) : undefined;
      if (service?.category === "ai") {
        // A model served on one's own machine (Ollama on localhost) is no third party.
        // Its only calls commented out (a route that answers a fixed value while the model call waits in comments): no
        // place calls the model yet.
        if ((!service.selfHosted || diff.lines.some((l) => l.kind !== "-" && REMOTE_URL.test(l.text))) && !callsOnlyCommented(diff, service)) add(finding(diff, service, line, "code"));
      }
      else if (service && !diff.removedCompact.includes(module!.toLowerCase())) {
        const constructed = clientConstruction(diff, service, module!) ?? bindingCall(diff, line.text, service);
        if (constructed) add(finding(diff, service, constructed, "code"));
      }
    }
  }
  if (importPattern && isCode(kind) && !findings.some((f) => f.ruleId === "outbound-data-flow")) {
    const built = contextImportConstruction(diff, importPattern);
    if (built) add(finding(diff, built.service, built.line, "code"));
  }
  if (findings.length === 0 && isCode(kind) && CONSTRUCTION_WORD.test(diff.added.text)) {
    const built = namedClient(diff);
    if (built) add(finding(diff, built.service, built.line, "code"));
  }
  return findings;
}

/**
 * An SDK import the change leaves as it is (a context line: `from twilio.rest import Client`, `import com.twilio.Twilio;`,
 * `use Stripe\\Customer;`) and, on an added line, its client built or set up (`client = Client(sid, token)`,
 * `Twilio.init(sid, token)`) or a record created at the service with a person's details in the call
 * (`Customer::create(['email' => ...])`): the flow to the service starts with this change. Using a client the file
 * already had (a call through it, a lookup by id) is not new; nor is a construction the removed lines make too (an edit).
 */
function contextImportConstruction(diff: FileDiff, importPattern: RegExp): { service: ThirdPartyService; line: { newLine: number; text: string } } | undefined {
  for (const line of diff.lines) {
    if (line.kind !== " " || line.text.length > 2000) continue;
    const m = importPattern.exec(line.text);
    const module = m?.slice(1).find((g) => g !== undefined);
    const service = module ? moduleService(module) : undefined;
    if (!service || service.category === "ai") continue;
    const built = clientConstruction(diff, service, module!, true) ?? bindingCall(diff, line.text, service, true);
    // The removed lines build it too: an edit of the construction (new options, a renamed variable), not a new flow.
    const rebuilt = built && (clientConstruction(diff, service, module!, true, diff.removed.indexes) ?? bindingCall(diff, line.text, service, true, diff.removed.indexes));
    if (built && !rebuilt) return { service, line: built };
  }
  return undefined;
}

/** A person's details given to a call: e-mail, phone, first, last or full name, as keys or values (`email: self.email`, `'phone' => $request->phone`). */
const PERSONAL_DETAIL = /(?:^|[^\w$])(?:e-?mail|email_?address|emailAddress|phone(?:_?number)?|phoneNumber|mobile(?:_?number)?|(?:first|last|full)_?[Nn]ame)\b/i;
/** Whether the added line at `index` or the few lines after it (a call's arguments) carry a person's details. */
function personalDetailsNear(diff: FileDiff, index: number): boolean {
  for (let i = index; i < diff.lines.length && i <= index + 4; i++) {
    const line = diff.lines[i];
    if (line.kind !== "-" && PERSONAL_DETAIL.test(line.text)) return true;
  }
  return false;
}

/**
 * Clients whose constructor names the service, made where the SDK needs no import in view (Rails autoloads gems,
 * the import sits above the hunk): `Twilio::REST::Client.new`, `new \MailchimpMarketing\ApiClient()`,
 * `sendgrid.NewSendClient(key)`, `Stripe.apiKey = ...`. Not when the removed lines make the same client (a move).
 */
const CONSTRUCTION_WORD = /Client\b|\b[a-z]{5,}\s*\(\s*[\w$.]{0,60}?(?:[Ss]id|[Tt]ok|[Kk]ey|[Ss]ecret|[Aa]uth|[Aa]ccount|[Uu]ser)[\w$.]{0,60}\s*,|\.configure\s*(?:do\b|\{)|\.api_?[Kk]ey\s*=|::\w*(?:Analytics|API|Api|Tracker)\.new\b|::set\w*Key\s*\(|\bnew\s+\\[A-Z]|::[A-Z]\w*\.(?:create|update)\b|\\[A-Z]\w*::(?:create|update)\b|\.(?:customers?|contacts?|subscribers?|members?|people|persons?|profiles?|leads?|users?)(?:\.\w+)?\.(?:create|update|upsert)\w*\s*\(|\.[A-Z]\w*\.(?:create|modify)\s*\(/;
/**
 * The people-shaped resources of SDKs whose client objects are reached by member chains (JavaScript, Python, Go, C#):
 * Stripe `stripe.customers.create({ email })` and Python `stripe.Customer.create(email=...)`, Polar
 * `polar.customers.create({ email })`, HubSpot `hubspotClient.crm.contacts.basicApi.create(...)`, Mailchimp
 * `mailchimp.lists.addListMember`-style members, Klaviyo profiles, Clerk `clerkClient.users.createUser(...)`, Customer.io
 * people, Intercom contacts, Pipedrive persons and leads (each SDK's API reference). A client so named: the service's
 * word, optionally followed by Client, Api, Sdk or Service (`polarClient`, `stripe_client`, `hubspotApi`).
 */
const PEOPLE_RESOURCE = String.raw`(?:customers?|contacts?|subscribers?|members?|people|persons?|profiles?|leads?|users?)`;
const CLIENT_SUFFIX = String.raw`(?:[Cc]lient|_client|[Aa]pi|API|_api|[Ss]dk|SDK|[Ss]ervice|_service)?`;
const NAMED_CLIENTS = THIRD_PARTY_SERVICES.filter((service) => service.category !== "ai").flatMap((service) => {
  const word = serviceWord(service);
  if (word.length < 5) return [];
  const either = `[${word[0].toUpperCase()}${word[0].toLowerCase()}]${escape(word.slice(1))}`;
  // Also a client, tracker or analytics class in the service's namespace (`Segment::Analytics.new`), the class named
  // for the service itself written fully qualified (PHP's `new \\SendGrid(key)`), and its static key setter (`\\Stripe\\Stripe::setApiKey(...)`).
  // A record created or updated through a resource class in the service's namespace (Ruby's `Stripe::Customer.create`,
  // PHP's `\\Stripe\\Customer::create`): counted when the call carries a person's details.
  // In member-chain languages, a people-shaped resource created or updated through a client named for the service
  // (`polarClient.customers.create({ email })`, Python's `stripe.Customer.create(email=...)`).
  const resource = new RegExp(`\\b${word}::[A-Z]\\w*\\.(?:create|update)\\b|\\b${word}\\\\[A-Z]\\w*::(?:create|update)\\s*\\(|(?<![\\w$])${either}\\.[A-Z]\\w*\\.(?:create|modify)\\s*\\(`);
  // Client variables are named in any case (`hubspotClient` for HubSpot, `PolarClient`).
  const chain = new RegExp(`(?<![\\w$])${escape(word)}${CLIENT_SUFFIX}(?:\\.\\w+){0,2}\\.${PEOPLE_RESOURCE}(?:\\.\\w+)?\\.(?:create|update|upsert)\\w*\\s*\\(`, "i");
  // A JavaScript SDK whose module is its client factory, called with credentials where its require sits above the hunk
  // (`twilio(sid, token)`, `twilio(accountSid, authToken)`; the SDKs' quickstarts: `require('twilio')(sid, token)`).
  const factory = new RegExp(`(?<![\\w$.])${word.toLowerCase()}\\s*\\(\\s*[\\w$.]{0,60}?(?:sid|tok|key|secret|auth|account|user)[\\w$.]{0,60}\\s*,\\s*[\\w$.]{0,60}?(?:sid|tok|key|secret|auth|pass)[\\w$.]{0,60}\\s*[,)]`, "i");
  return [{ service, resource, chain, factory, pattern: new RegExp(
    `\\b${word}(?:::\\w+)*::\\w*(?:Client|Analytics|API|Api|Tracker)\\.new\\b|\\bnew\\s+[\\\\\\w.]*${word}[\\w\\\\.]*Client\\s*\\(` +
      `|\\b${word.toLowerCase()}\\.New\\w*Client\\s*\\(|\\b${either}\\.api_?[Kk]ey\\s*=` +
      `|\\bnew\\s+\\\\(?:\\w+\\\\)*${word}\\s*\\(\\s*[^)\\s]|\\b${word}::set\\w*Key\\s*\\(` +
      // A Ruby initializer's configuration block (`Twilio.configure do |config|`, `Mailgun.configure { |c| ... }`), when
      // the service's own package is named by the word (twilio, twilio-ruby): the split gem's `Split.configure` is a
      // self-hosted A/B framework, not Split.io (splitclient-rb, SplitIoClient).
      (ownPackageWord(service, word) ? `|\\b${word}\\.configure\\s*(?:do\\b|\\{)` : ""),
  ) }];
});

/** Whether the service publishes a package or module named by its word alone, or with a language suffix (twilio, twilio-ruby). */
function ownPackageWord(service: ThirdPartyService, word: string): boolean {
  const lower = word.toLowerCase();
  return [...service.packages, ...service.modules].some((p) => { const name = p.toLowerCase(); return name === lower || name === `${lower}-ruby`; });
}

function namedClient(diff: FileDiff): { service: ThirdPartyService; line: { newLine: number; text: string } } | undefined {
  const js = /\.(?:[cm]?[jt]sx?)$/i.test(diff.path);
  for (const index of diff.added.indexes) {
    const line = diff.lines[index];
    if (line.text.length > 2000 || COMMENT.test(line.text) || !CONSTRUCTION_WORD.test(line.text)) continue;
    for (const { service, pattern, resource, chain, factory } of NAMED_CLIENTS) {
      const record = resource.exec(line.text) ?? chain.exec(line.text);
      const m = pattern.exec(line.text) ?? (record && personalDetailsNear(diff, index) ? record : null) ?? (js ? factory.exec(line.text) : null);
      if (m && !diff.removedCompact.includes(m[0].replace(/\s+/g, "").toLowerCase())) return { service, line };
    }
  }
  return undefined;
}

/**
 * An added line that builds or configures the service's client: `new Stripe(...)`, `new twilio(sid, token)`,
 * `require("twilio")(sid, token)`, `Stripe::StripeClient.new`, `Stripe.api_key = ...`, `Stripe::Customer.create(...)`.
 */
function clientConstruction(diff: FileDiff, service: ThirdPartyService, module: string, setupOnly = false, indexes: readonly number[] = diff.added.indexes): { newLine: number; text: string } | undefined {
  const word = serviceWord(service);
  if (word.length < 4) return undefined;
  const required = escape(module);
  // `TwilioClient.Init(sid, token)`, `StripeConfiguration.ApiKey = ...`, Go's `stripe.Key = ...`: a class or package named
  // for the service set up with credentials.
  const pattern = new RegExp(
    `\\bnew\\s+(?:\\w+\\.)*${word}\\w*\\s*\\(|\\b${word}\\w*(?:::\\w+)*\\.new\\b|\\b${word}\\w*Client\\s*\\(` +
      `|\\brequire\\s*\\(\\s*["']${required}["']\\s*\\)\\s*\\(${setupOnly ? "" : `|\\b${word}(?:::\\w+)+\\.(?:create|update|retrieve)\\b`}` +
      `|\\b${word}\\.(?:api_?key|apiKey|configure|init|setup|set_?api_?key)\\b` +
      `|\\b${word}\\w*\\.(?:init(?:iali[sz]e)?|configure|setup|start)\\s*\\(|\\b${word}\\w*\\.(?:api_?key|key|secret_?key)\\s*=(?!=)`,
    "i",
  );
  for (const index of indexes) {
    const line = diff.lines[index];
    if (line.text.length <= 2000 && !COMMENT.test(line.text) && pattern.test(line.text)) return line;
  }
  return undefined;
}

// Tags, context and extras on an error tracker already set up (Sentry.setTag("mcp", "true")) describe the reports it sends.
const ERROR_REPORT_CALL = /^\.(?:capture(?:Exception|Message|Error|Event)|addBreadcrumb|withScope|configureScope|startSpan|startSpanManual|startInactiveSpan|startTransaction|flush|setTags?|setContext|setExtras?|setFingerprint|setLevel|setMeasurement)$/;
const PERSON_WORD = /\b(?:user|users|email|e_?mail|phone|name|address|customer|patient)\b/i;
/**
 * An analytics SDK's event and identity API (PostHog, Segment, Mixpanel, Amplitude: capture/track an event, identify a
 * distinct id, reset on sign-out, page and screen views, feature flags) called through an import of the SDK: use of the
 * client the app set up elsewhere (its provider or init), not a new service. Identity traits in the call (an e-mail, a
 * phone, a name) are reported by the identity-traits rules and still count here.
 */
const ANALYTICS_USE_CALL = /^\.(?:capture|track|trackEvent|logEvent|identify|reset|page|screen|group|alias|register(?:_once)?|unregister|setUserId|flush|opt_(?:in|out)_capturing|getFeatureFlag\w*|isFeatureEnabled|onFeatureFlags|reloadFeatureFlags|getDistinctId|get_distinct_id|startSessionRecording|stopSessionRecording)$/;

/** A JavaScript default import: `import Stripe from "stripe"`, `const twilio = require("twilio")`. */
const JS_DEFAULT_IMPORT = /^\s*import\s+[A-Za-z_$][\w$]*\s*(?:,|from\b)|^\s*(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*(?:await\s+)?require\s*\(/;

/** The local name an import line binds: `import OneSignal from "x"`, `const client = require("x")`, `import * as S from "x"`, `import x as y`. */
const IMPORT_BINDING = /^\s*import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s*(?:,|from\b)|^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?require\s*\(|^\s*import\s+[\w.]+\s+as\s+(\w+)\s*$|^\s*from\s+[\w.]+\s+import\s+(\w+)\s*$|^\s*import\s+([A-Za-z_]\w*)(?:\.[\w.]+)?\s*$|^\s*use\s+[\w\\]*?(?:\\(\w+)|\s+as\s+(\w+))\s*;/;
const SETUP_FUNCTION = /^(?:init|initiali[sz]e|configure|setup|start|patch_all|patch)$/;
/** A member call that makes or changes a record at the service (`.create`, `::update`, `->customers->create`). */
const CREATE_CALL = /(?:\.|::|->)(?:create|update|upsert)\w*$/i;
/**
 * Member calls that set an imported SDK up or build its client, the idioms of the SDKs' quickstarts: `sgMail.setApiKey(key)`,
 * `mailchimp.setConfig({...})`, `cloudinary.config({...})`, `admin.initializeApp()`, `newrelic.agent.initialize(...)`;
 * `hubspot.Client.create(...)`, `new hubspot.Client(...)`; Go's `twilio.NewRestClient()`.
 */
const SETUP_MEMBER = /(?:\.|::|->)(?:init|initClient|initiali[sz]e|initializeApp|initialize_app|configure|config|setConfig|set_config|setApiKey|set_api_key|setup|start)$|(?:\.|::)(?:[A-Z]\w*)?Client(?:\.create)?$|\.New(?:\w*Client)?$/;
/** An SDK's exceptions and errors are raised and caught, not built to send anything. */
const ERROR_CLASS = /(?:Exception|Error|Warning)$/;
/** A class that is the client: named for the service (`Pusher`, `CustomerIO`, `Mixpanel`) or for a client, API or tracker. */
function clientClass(name: string, word: string): boolean {
  return !ERROR_CLASS.test(name) && (name.toLowerCase().includes(word.toLowerCase()) || /(?:Client|API|Api|Tracker|Analytics)$/.test(name));
}
/** A Go import's package name: the last element of its path that is not a major version, without a `go-` or `-go` affix. */
const GO_IMPORT = /^\s*(?:import\s+)?(?:(\w+)\s+)?"[\w.-]+\.[a-z]+\/(?:[^"\s]{0,200}?\/)?([\w.-]{1,100}?)(?:\/v\d+)?"\s*$/;
/** The names a list import binds: `import { ServerClient, Models as M } from "x"`, `const { Analytics } = require("x")`, `from twilio.rest import Client, TwiML`. */
const IMPORT_LIST = /^\s*import\s+(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]{1,300})\}\s*from\b|^\s*(?:const|let|var)\s+\{([^}]{1,300})\}\s*=\s*(?:await\s+)?require\s*\(|^\s*from\s+[\w.]+\s+import\s+\(?([\w\s,]{1,300}?)\)?\s*$|^\s*use\s+[\w\\]+\\\{([^}]{1,300})\}\s*;/;

function importedNames(importLine: string): string[] {
  const go = GO_IMPORT.exec(importLine);
  if (go) return [go[1] ?? go[2].replace(/^go-|-go$/g, "").replace(/[.-]/g, "")];
  const single = IMPORT_BINDING.exec(importLine)?.slice(1).find((g) => g !== undefined);
  const list = IMPORT_LIST.exec(importLine)?.slice(1).find((g) => g !== undefined);
  // `A as B` and `A: B` (a destructuring rename) bind B.
  const listed = list ? list.split(",").map((part) => part.trim().split(/\s+as\s+|\s*:\s*/).pop()!.trim()) : [];
  return [...new Set([single, ...listed])].filter((name): name is string => name !== undefined && /^[A-Za-z_$][\w$]*$/.test(name) && name.length >= 2);
}

/**
 * An added call through a name the import binds (`OneSignal.sendTags({...})`, `client.lists.addListMember(...)`), or a
 * client class it binds constructed (`Client(sid, token)` from twilio.rest, `new ServerClient(token)` from postmark): the
 * service is used, not only imported. A type reference (`Stripe.Customer`) is not a call.
 */
function bindingCall(diff: FileDiff, importLine: string, service: ThirdPartyService, constructOnly = false, indexes: readonly number[] = diff.added.indexes): { newLine: number; text: string } | undefined {
  const names = importedNames(importLine);
  if (names.length === 0) return undefined;
  // Functions are imported by name from a module (`from ddtrace import patch_all`, `import { init } from "@sentry/react"`).
  const isImportOfList = IMPORT_LIST.test(importLine);
  // A JavaScript module's default export called with arguments is its client factory: `twilio(sid, token)`,
  // `mailgun({ apiKey, domain })`, `configureStripe(key)` after `const configureStripe = require("stripe")`.
  const isDefaultImport = !isImportOfList && JS_DEFAULT_IMPORT.test(importLine);
  const { kind } = diff.fileClass;
  const word = serviceWord(service);
  const calls = names.map((name) => {
    const quoted = name.replace(/\$/g, "\\$");
    // A class imported by name and built: `new Analytics({ writeKey })`, `new PlaidApi(configuration)`,
    // `new postmark.ServerClient(token)`; in Python and Kotlin, a class is called (`Zenpy(**creds)`, `CustomerIO(site_id, key)`),
    // and `SearchClient.create(app, key)` builds one too. A key set on the module (`analytics.write_key = ...`) sets it up.
    const built = (ERROR_CLASS.test(name) ? "" : `|\\bnew\\s+${quoted}(?:\\.[A-Za-z_$][\\w$]*)*\\s*\\(`) +
      `|(?<![\\w$.])${quoted}\\.(?:write_?key|api_?key|apiKey|access_?token|secret_?key)\\s*=(?!=)` +
      (/^[A-Z]/.test(name) && kind !== "js" && kind !== "go" && clientClass(name, word) ? `|(?<![\\w$.:>])${quoted}\\s*\\(\\s*[^)\\s]` : "") +
      (/Client$/.test(name) ? `|(?<![\\w$.])${quoted}\\.create\\s*\\(` : "");
    // A class named for a client (`Client`, `ServerClient`, `WebClient`): calling it (Python) or `new` on it builds one; so
    // does calling a factory named for one (`createClient(url, key)` from @supabase/supabase-js, `createClerkClient({...})`).
    // A set-up function the SDK exports (`patch_all()` from ddtrace, `init({...})` from @sentry/react) starts it; its
    // other functions (`capture_exception(e)`, `track("Clicked")`) only use an SDK set up elsewhere.
    const direct = /^(?:[A-Za-z]\w*)?Client$/.test(name) || isDefaultImport ? `|(?<![\\w$.])${quoted}\\s*\\(\\s*[^)\\s]`
      : isImportOfList && SETUP_FUNCTION.test(name) ? `|(?<![\\w$.:>])${quoted}\\s*\\(` : "";
    // Members are reached with `.`, and in PHP and Ruby with `::` or `->` (`Customer::create([...])`).
    return new RegExp(`(?<![\\w$.])${quoted}((?:(?:\\.|::|->)[A-Za-z_$][\\w$]*)+)\\s*\\(` + direct + built);
  });
  // With the import unchanged, only a construction, a set-up call or a record created with a person's details is new.
  const counts = (found: RegExpExecArray, index: number) =>
    !constructOnly || found[1] === undefined || SETUP_MEMBER.test(found[1]) ||
    (kind === "python" && /^\.[A-Z]\w*$/.test(found[1].slice(found[1].lastIndexOf("."))) && clientClass(found[1].slice(found[1].lastIndexOf(".") + 1), word)) ||
    (CREATE_CALL.test(found[1]) && personalDetailsNear(diff, index));
  for (const index of indexes) {
    const line = diff.lines[index];
    if (line.text === importLine || line.text.length > 2000 || COMMENT.test(line.text)) continue;
    // An error reported to an error tracker the app already set up (Sentry.captureException(err), addBreadcrumb) is
    // use of that set-up, not a new service; its init and identity calls (setUser), and a report naming a person, still count.
    const reportOnly = (found: RegExpExecArray) => found[1] !== undefined && ((ERROR_REPORT_CALL.test(found[1]) && !PERSON_WORD.test(line.text)) ||
      (service.category === "analytics" && ANALYTICS_USE_CALL.test(found[1]) && !personalDetailsNear(diff, index)));
    if (calls.some((call) => { const found = call.exec(line.text); return found !== null && !reportOnly(found) && counts(found, index); })) return line;
  }
  return undefined;
}
