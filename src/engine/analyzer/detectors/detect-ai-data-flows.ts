// Calls to an AI model whose prompt carries customer, user or patient data, wherever the client was created (an
// import far above the hunk, another file of the pull request, or not visible at all). The call signatures, client
// constructors and model names come from the third-party catalogue. A prompt made only of fixed text (a demo, a
// constant) is not a finding.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, readArguments as argumentText, type FileDiff } from "../file-diff.js";
import { isCodeKind } from "../../diff/classify-file.js";
import { readFileConstants, resolveConstants } from "../read-file-constants.js";
import { literalPrefilter } from "../required-literals.js";
import { THIRD_PARTY_SERVICES, type ThirdPartyService } from "./detect-third-parties.js";

const AI = THIRD_PARTY_SERVICES.filter((s) => s.category === "ai");
const callsOf = (s: ThirdPartyService) => s.calls ?? [];
/** Every AI call signature of the catalogue, one alternative each. */
const CALL = new RegExp(AI.flatMap(callsOf).map((c) => `(?:${c})`).join("|"), "gm");
const CALL_LINE = new RegExp(CALL.source);
/** The literals of every call signature: the file is scanned for these, CALL then reads each candidate line. */
const CALL_SCAN = literalPrefilter(AI.flatMap(callsOf), CALL);
const CALL_BY_SERVICE = AI.filter((s) => callsOf(s).length).map((s) => ({ service: s, pattern: new RegExp(callsOf(s).join("|")) }));
const MODEL_BY_SERVICE = AI.filter((s) => s.models?.length).map((s) => ({ service: s, pattern: new RegExp(`["'\`/](?:${s.models!.join("|")})`, "i") }));
const CLIENT_BY_SERVICE = AI.filter((s) => s.clients?.length || s.modules.length).map((s) => ({
  service: s,
  pattern: new RegExp([...(s.clients ?? []), ...s.modules.map((m) => `["'\\s]${m.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?:["'/.\\s;]|$)`)].join("|")),
}));

/** A receiver named for a language model (llm.invoke, chat_model.ainvoke) says what the call is. */
const LLM_RECEIVER = /^\s*\w*(?:llm|LLM|Llm|chat_?model|chatModel)\w*\./;
/** Arguments that only an AI call has: a model, a token limit, chat messages, a prompt. */
const AI_ARGUMENT = /\bmodelId\s*\(|\b(?:model|modelId|model_id|max_tokens|maxTokens|max_output_tokens|messages|prompt|contents|system|temperature|inferenceConfig)\b\s*[:=]|\bmodel\s*\(|ModelId\s*=|"modelId"|["']?\brole["']?\s*[:=]\s*["'](?:user|system|assistant)["']/;
/** Names that hold text from people: customers, users, patients, tickets, messages, documents, form input. */
const DATA = /\b(?:\w*_)?(?:customers?|patients?|users?|members?|clients?|tickets?|messages?|msgs?|emails?|mails?|notes?|records?|profiles?|conversations?|transcripts?|transcriptions?|history|histories|chats?|body|bodies|requests?|req|params|payloads?|documents?|docs?|inputs?|query|queries|questions?|texts?|contents?|complaints?|feedback|reviews?|comments?|descriptions?|summary|claims?|resumes?|charts?|medical|diagnos\w*|symptoms?|prompts?|data|rows?|forms?|submissions?|leads?|contacts?|accounts?|orders?|invoices?|inquir\w*|enquir\w*|threads?|cases?|issues?|reports?|context|files?|uploads?|attachments?|images?|audio|utterances?|replies|reply|answers?|letters?|applications?|candidates?|applicants?|employees?|students?|persons?|people|subjects?|bio|address\w*|phones?|names?|fields?|entries|entry|items?|article|post|posts|page|html|markdown|transaction\w*|payment\w*|support\w*|lab\w*|visit\w*|encounter\w*|appointment\w*|case_\w+)(?:_\w+)?\b|\b[a-z]+(?:Customer|Patient|User|Ticket|Message|Email|Note|Record|Profile|Conversation|Transcript|History|Body|Request|Payload|Document|Input|Query|Question|Text|Content|Complaint|Feedback|Review|Comment|Description|Prompt|Data|Form|Submission|Contact|Account|Order|Thread|Case|Issue|Report|Context|File|Upload|Attachment|Reply|Answer|Applicant|Employee|Student|Person|Subject|Name|Address|Entries|Entry|Item)s?\b/i;
/** camelCase names that start with a data word (patientSummary, customerNote); case-sensitive on the hump. */
const DATA_CAMEL = /\b(?:customers?|patients?|users?|members?|tickets?|messages?|emails?|notes?|records?|profiles?|conversations?|chats?|documents?|medical|applicants?|employees?|students?|candidates?)[A-Z]\w*\b/;
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
const INTERPOLATION = /\$\{([^}]*)\}|#\{([^}]*)\}|\{([^}]*)\}|%\(\w+\)s|\$(\w+)/g;
const LINE_COMMENT = /(?:^|\s)(?:#|\/\/)\s[^\n]*/g;
const KEY = /\b\w+\s*:(?!:)|\b\w+\s*=(?![=>])|:\w+\s*=>/g;
const CONSTRUCTOR = /\b[A-Z]\w*(?=\s*\()/g;
const CONSTANT_NAME = /\b[A-Z][A-Z0-9_]{2,}\b/g;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*)/;
/** Signatures other SDKs share (Twilio's messages.create, a generic chat() or predict()). */
const AMBIGUOUS_CALL = /client\.(?:chat_stream|rerank|embed)|embeddings|images|audio|invoke|messages|\bco\.|cohere|\.chat\.(?:complete|stream)|\.completions\.create|onverse|predict|replicate|chat_completion|text_generation|chatCompletion|textGeneration|generateText|streamText|generateObject|streamObject|\.chat\s*\(/;

/** The argument with fixed text removed: literals (but not what is interpolated into them), keys, constants. */
function dynamicPart(argument: string): string {
  return argument
    .replace(LINE_COMMENT, " ")
    .replace(STRING_LITERAL, (_all, _quote, body: string) => {
      const kept: string[] = [];
      for (const m of body.matchAll(INTERPOLATION)) kept.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? "");
      return kept.length ? ` ${kept.join(" ")} ` : " ";
    })
    // Message and prompt classes (UserMessage(...), HumanMessage(...)) are types, not data; their arguments stay.
    .replace(CONSTRUCTOR, " ")
    .replace(KEY, " ")
    .replace(CONSTANT_NAME, " ");
}

/** Names the prompt author writes, not customers: system prompts, instructions, templates. */
const AUTHORED = /system|instruction|template|persona|few_?shot|examples?\b/i;
const IDENTIFIER = /[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*/g;
const ASSIGNMENT = /^\s*(?:(?:const|let|var|val|final|private|public|static|readonly)\s+)*(?:[\w<>[\]?]+\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w.<>[\]?|]+\s*)?=(?![=>])\s*(.*)$/;

/** What each name is assigned on the lines the diff shows (the value read across lines up to its closing bracket). */
function readAssignments(diff: FileDiff): Map<string, string> {
  const values = new Map<string, string>();
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind === "-" || !line.text.includes("=")) continue;
    const m = ASSIGNMENT.exec(line.text);
    if (!m || values.has(m[1])) continue;
    const start = line.text.length - m[2].length;
    values.set(m[1], /^[\[({]|^f?["'`]{3}/.test(m[2]) ? argumentText(diff, i, start) : m[2]);
  }
  return values;
}

/** Whether the text carries data from people: a data-named value that is not fixed text, followed through assignments. */
function carriesData(text: string, assignments: Map<string, string>, constants: Map<string, string>, depth: number): boolean {
  const dynamic = dynamicPart(constants.size ? resolveConstants(text, constants) : text);
  for (const [name] of dynamic.matchAll(IDENTIFIER)) {
    const root = name.split(".")[0];
    if (AUTHORED.test(root) || constants.has(root)) continue;
    const value = assignments.get(root);
    if (value !== undefined && depth < 3 && root === name) {
      if (carriesData(value, assignments, constants, depth + 1)) return true;
      continue;
    }
    if (DATA.test(name) || DATA_CAMEL.test(name)) return true;
  }
  return false;
}

function serviceFrom(list: Array<{ service: ThirdPartyService; pattern: RegExp }>, text: string): ThirdPartyService | undefined {
  return list.find((entry) => entry.pattern.test(text))?.service;
}

/** The distinctive word of each AI provider's name (OpenAI, Anthropic, Cohere, Bedrock, ...), for mentions in any case. */
// English words (together, replicate, stability, ...) are not mentions of the provider.
const GENERIC_NAME_WORD = /^(?:google|amazon|azure|microsoft|inference|chat|model|provider|any|vercel|langchain|client|llm|face|ai|sdk|api|cloud|hub|studio|together|replicate|stability|voyage|perplexity|fireworks|vertex|labs)$/i;
const VENDOR_WORDS = AI.map((s) => ({ service: s, word: s.name.split(/[\s()/.,-]+/).find((w) => w.length >= 4 && !GENERIC_NAME_WORD.test(w)) }))
  .filter((v): v is { service: ThirdPartyService; word: string } => v.word !== undefined);
const VENDOR_MENTION = VENDOR_WORDS.map((v) => ({ service: v.service, pattern: new RegExp(`(?<![a-z])${v.word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`, "i") }));

function fileMentions(diff: FileDiff): ThirdPartyService | undefined {
  for (const line of diff.lines) {
    if (line.text.length > 2000) continue;
    const service = serviceFrom(CLIENT_BY_SERVICE, line.text);
    if (service) return service;
  }
  // A provider named by the path (llm/anthropic.py, model_deployments/cohere_platform.py) or in the code around
  // (self.anthropic, CohereChatRequest, get_openai_client) is the client in view.
  const byPath = serviceFrom(VENDOR_MENTION, diff.path);
  if (byPath) return byPath;
  for (const line of diff.lines) {
    if (line.text.length > 2000 || COMMENT.test(line.text)) continue;
    const service = serviceFrom(VENDOR_MENTION, line.text);
    if (service) return service;
  }
  return undefined;
}

export interface AiDataFlows {
  findings: RawFinding[];
  /** AI calls seen on added lines whose prompts are fixed text only (a demo, a smoke test). */
  fixedCalls: number;
}

export function detectAiDataFlows(diff: FileDiff): AiDataFlows {
  const { kind, isTestOnly } = diff.fileClass;
  const none: AiDataFlows = { findings: [], fixedCalls: 0 };
  if (isTestOnly || !isCodeKind(kind) || !CALL.source) return none;
  let fixedCalls = 0;
  let assignments: Map<string, string> | undefined;
  for (const index of candidateLines(diff.added, CALL_SCAN)) {
    const line = diff.lines[index];
    if (COMMENT.test(line.text)) continue;
    const call = CALL_LINE.exec(line.text);
    if (!call) continue;
    const raw = argumentText(diff, index, call.index + call[0].length - 1);
    const constants = readFileConstants(diff);
    const argument = raw;
    const inFile = fileMentions(diff);
    // Ambiguous signatures (Twilio also has messages.create) count only with an AI argument or an AI client in view.
    if (AMBIGUOUS_CALL.test(call[0]) && !LLM_RECEIVER.test(call[0]) && !AI_ARGUMENT.test(argument) && !inFile && !serviceFrom(MODEL_BY_SERVICE, argument)) continue;
    assignments ??= readAssignments(diff);
    if (!carriesData(raw, assignments, constants, 0)) { fixedCalls++; continue; }
    const service = serviceFrom(MODEL_BY_SERVICE, argument) ?? inFile ?? serviceFrom(CALL_BY_SERVICE, line.text.slice(call.index));
    const vendor = service?.name ?? "AI provider";
    return { fixedCalls, findings: [{
      ruleId: "ai-data-sent",
      path: diff.path,
      line: line.newLine,
      side: "RIGHT",
      evidence: line.text,
      detail: { vendor, category: "ai" },
      dedupeKey: `vendor|${vendor}`,
      dedupePriority: -1,
    }] };
  }
  return { findings: [], fixedCalls };
}
