// Calls to an AI model whose prompt carries customer, user or patient data, wherever the client was created (an
// import far above the hunk, another file of the pull request, or not visible at all). The call signatures, client
// constructors and model names come from the third-party catalogue. A prompt made only of fixed text (a demo, a
// constant) is not a finding.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, compact, inBlockComment, readArguments as argumentText, type FileDiff } from "../file-diff.js";
import { isCodeKind } from "../../diff/classify-file.js";
import { readFileConstants, resolveConstants } from "../read-file-constants.js";
import { literalPrefilter } from "../required-literals.js";
import { firstMatching, OWN_HOST, REMOTE_URL, THIRD_PARTY_SERVICES, type ThirdPartyService } from "./detect-third-parties.js";

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

/** Client constructors of the catalogue (`OpenAI(`, `new Anthropic(`, `genai.GenerativeModel(`, `OpenAiChatModel.builder()`). */
const CONSTRUCTORS = AI.flatMap((s) => (s.clients ?? []).map((c) => ({ service: s, pattern: new RegExp(c) })));
const CONSTRUCTOR_ANY = new RegExp(CONSTRUCTORS.map((c) => `(?:${c.pattern.source})`).join("|"));
/** The literals every constructor needs (OpenAI, Anthropic, GenerativeModel, ...): a cheap first look at a file and a line. */
const CONSTRUCTOR_LITERALS = literalPrefilter(AI.flatMap((s) => s.clients ?? []), new RegExp(CONSTRUCTOR_ANY.source, "gi"));
const mayConstruct = (text: string) => { CONSTRUCTOR_LITERALS.lastIndex = 0; return CONSTRUCTOR_LITERALS.test(text); };
/**
 * Words of AI use: a file without any of them has no AI client to follow. Read with candidateLines() ("gm"): a side
 * none of whose lines holds one of its literals is answered by the shared literal pass, without running this regex
 * (whose \w+ChatModel alternative would otherwise be tried at every word of the added text).
 */
const AI_HINT = /\b(?:openai|anthropic|claude|gemini|genai|generative|bedrock|vertexai|mistral|cohere|groq|ollama|langchain|langgraph|llama_?index|crewai|semantic_kernel|llm|chat_?model|\w+ChatModel|gpt)/gim;
/** `name = value`, `self.name = value`, `val name: Type = value`, `name := value`, `$name = value`. */
const BINDING = /^\s*(?:(?:const|let|var|val|final|private|public|protected|readonly|static)\s+)*(?:[\w<>[\].?]+\s+)?(?:self\.|this\.|@|\$this->|\$)?([A-Za-z_]\w*)\s*(?::\s*[\w.<>[\]?| ]+?\s*)?:?=(?![=>])\s*(.+)$/;
/** Only qualifiers, `new`, `await` or an opening call may come before the constructor in the value. */
const CONSTRUCTOR_LEAD = /^(?:await\s+|new\s+|[\w.:\\$>-]+\(\s*)*[\w.:\\$>-]*$/;
/** A human turn of a chat prompt template with a slot filled at run time: `("human", "{input}")`, `HumanMessagePromptTemplate.from_template("{question}")`. */
const HUMAN_SLOT = /[(\[]\s*["'](?:human|user)["']\s*,\s*[fr]?["'`][^"'`\n]{0,300}\{\w{1,40}\}|HumanMessagePromptTemplate\.from_template\s*\(\s*[fr]?["'][^"'\n]{0,300}\{\w{1,40}\}/;
/** A chain, retriever or agent made from its parts: `create_retrieval_chain(`, `LLMChain(`, `RetrievalQA.from_chain_type(`. */
const CHAIN_BUILD = /\b(create_\w{1,40}|[A-Za-z]\w{0,40}Chain(?:\.from_\w{1,20})?|RetrievalQA\.from_\w{1,20})\s*\(/g;
/** A call on a name: the chain of members after it and the method called. */
const MEMBER_CALL = /(?<![\w$.])(?:self\.|this\.|@|\$this->|\$)?([A-Za-z_]\w*)((?:(?:\??\.|->)\w+(?:\(\s*\))?)*)(?:\??\.|->)(\w+)\s*\(/g;
/** Methods that hand a model something to read (create, generate_content, send_message, invoke, ask, embed, ...). */
const SENDING_METHOD = /^(?:create|create_?(?:chat_?)?(?:completion|message|response|embedding)s?|generate\w*|complete\w*|completions?\w*|chat\w*|send\w*|ask\w*|a?invoke\w*|run|stream\w*|predict|embed\w*|summari[sz]e\w*|classify|transcribe|translate|query|answer|respond|converse\w*|prompt|call|moderate|get_?(?:streaming_?)?response\w*)$/i;
/** Client areas that manage resources rather than read content (assistants, fine-tuning jobs, batches). */
const RESOURCE_CHAIN = /(?:\.|->)(?:assistants|fine_?tun\w*|batches|webhooks)\b/i;

/**
 * Names bound to an AI client in the lines the diff shows: `client = OpenAI(...)`, `self.llm = ChatAnthropic(...)`,
 * `model = genai.GenerativeModel(...)`, and what is opened on one (`chat = model.start_chat()`).
 */
function clientBindings(diff: FileDiff): Map<string, ThirdPartyService> {
  const names = new Map<string, ThirdPartyService>();
  // Most files that mention a provider make no client in the lines shown: look for a constructor's words first.
  if (!mayConstruct(diff.added.text) && !diff.lines.some((l) => l.kind === " " && mayConstruct(l.text))) return names;
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 2000 || !line.text.includes("=")) continue;
    const constructs = mayConstruct(line.text);
    if (!constructs && names.size === 0) continue;
    const m = BINDING.exec(line.text);
    if (!m) continue;
    const value = m[2];
    const made = constructs && CONSTRUCTOR_ANY.test(value) && CONSTRUCTORS.find((c) => {
      const hit = c.pattern.exec(value);
      return hit !== null && CONSTRUCTOR_LEAD.test(value.slice(0, hit.index));
    });
    if (made) { names.set(m[1], made.service); continue; }
    const root = /^(?:await\s+)?(?:self\.|this\.|@|\$this->|\$)?([A-Za-z_]\w*)\s*(?:\??\.|->)\w/.exec(value)?.[1];
    const opened = root ? names.get(root) : undefined;
    if (opened && root !== m[1]) names.set(m[1], opened);
  }
  return names;
}

const LANGCHAIN = AI.find((s) => s.name.startsWith("LangChain"));
/**
 * Types named for a model client or an AI service interface: `Assistant` (a LangChain4j @AiService), `OpenAiService`,
 * `LlmClient`, `IChatClient`, `ChatLanguageModel`. A name declared with one (a field, a constructor parameter) is a
 * client injected from elsewhere, whatever it is called.
 */
const AI_TYPE = /^(?:I?[A-Z]\w*)?(?:Assistant|(?:Ai|AI|Llm|LLM|Gpt|GPT)(?:[A-Z]\w*)?|ChatModel|ChatClient|LanguageModel|ChatBot|Chatbot)$/;
/** `Type name` followed by `;`, `,`, `)` or `=` (Java, C#, Scala fields and parameters), and `name: Type` (Kotlin, TypeScript, Swift). */
const TYPED_NAME = /\b([A-Z]\w*)(?:<[\w<>, ?]*>)?\s+([a-z_]\w*)\s*(?=[;,)=])|\b([a-z_]\w*)\s*:\s*([A-Z]\w*)\b/g;

/**
 * Types named for a provider, as receivers are (PROVIDER_RECEIVER): a project's `GeminiService`, `OpenAiClient`,
 * `ClaudeApi`, or the SDK's own `Anthropic` / `AsyncOpenAI`.
 */
const PROVIDER_TYPE = /^(?:Async)?(?:Open[Aa][Ii]|Openai|Anthropic|Claude|Gemini|Chat[Gg][Pp][Tt]|Gpt|GPT|Mistral|Cohere|Groq)(?:Client|Service|Api|API|Chat|Model|Provider|Helper|Wrapper|Gateway|Adapter|Session)?$/;
/** A name typed by a provider package's client (Go's `client *openai.Client`, Python's `client: anthropic.Anthropic`). */
const PACKAGE_TYPED_NAME = /\b([a-z_]\w*)(?:\s*:\s*|\s+\*?)(open_?ai|anthropic|genai|gemini|claude|mistral|cohere|groq)\.([A-Z]\w*)\b/g;
const PACKAGE_CLIENT_TYPE = /^(?:Client|GenerativeModel|ChatSession|LLM)$/;
/** The package names PACKAGE_TYPED_NAME needs: a cheap first look at a line. */
const PACKAGE_WORD = /open_?ai\.|anthropic\.|genai\.|gemini\.|claude\.|mistral\.|cohere\.|groq\./;

function typedClients(diff: FileDiff, service: ThirdPartyService): Map<string, ThirdPartyService> {
  const names = new Map<string, ThirdPartyService>();
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 2000 || COMMENT.test(line.text)) continue;
    TYPED_NAME.lastIndex = 0;
    for (let m = TYPED_NAME.exec(line.text); m; m = TYPED_NAME.exec(line.text)) {
      const [type, name] = m[1] !== undefined ? [m[1], m[2]] : [m[4], m[3]];
      if (type.length <= 100 && (AI_TYPE.test(type) || PROVIDER_TYPE.test(type))) names.set(name, service);
    }
    if (!PACKAGE_WORD.test(line.text)) continue;
    PACKAGE_TYPED_NAME.lastIndex = 0;
    for (let m = PACKAGE_TYPED_NAME.exec(line.text); m; m = PACKAGE_TYPED_NAME.exec(line.text)) {
      if (PACKAGE_CLIENT_TYPE.test(m[3]) || PROVIDER_TYPE.test(m[3])) names.set(m[1], service);
    }
  }
  return names;
}

/**
 * A receiver named for a provider or a model (`openai.Completions(text)` on a project package, `claudeClient.ask(q)`,
 * `llm_service.generate(prompt)`): the name says what the call reaches even when the client is made in another file.
 */
// Also private fields and names that add what they wrap (`_geminiAIChat`, `_openAi`, `claudeBot`, `gptHandler`).
const PROVIDER_RECEIVER = /^_*(?:open_?ai|anthropic|claude|gemini|chat_?gpt|gpt|mistral|cohere|groq|llm)(?:_?ai)?(?:_?(?:client|service|api|helper|wrapper|provider|model|chat|svc|bot|handler|manager|assistant)){0,2}$/i;
/** The last member of a receiver's chain (`.OpenAI` of `h.OpenAI`, `claude_client` of `self.claude_client`). */
const LAST_MEMBER = /(?:\??\.|->)(\w+)(?:\(\s*\))?$/;
/**
 * Agents and graphs of an agent framework, compiled or built elsewhere (`graph = builder.compile()`, `agent_executor`,
 * `crew`): running one on a person's message sends it to the framework's model. Only in a file that names the framework.
 */
const AGENT_RECEIVER = /^(?:\w+_)?(?:graph|agent|agent_executor|executor|workflow|crew)$|^\w*(?:Graph|Agent|Workflow|Crew)$/;
const AGENT_METHOD = /^a?(?:invoke|stream|run|kickoff)\w*$/i;
const AGENT_FRAMEWORK = /\b(?:langgraph|langchain|crewai|autogen|llama_?index|smolagents|pydantic_ai|semantic_kernel)\b|@langchain\/|@openai\/agents|^\s*from\s+agents\s+import\b/m;

/** The callee of a value: `get_chain()`, `helpers.qa_chain(llm)`, `await buildRagChain()`. */
const CALLEE = /^(?:await\s+)?(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*\(/;
/** LangChain names its chains and their factories for what they are (chain, qa_chain, get_chain, buildRagChain). */
const CHAIN_NAME = /(?:^|_)chain$|[a-z]Chain$/;
/** Chains that are no model: blockchains, toolchains, certificate and middleware chains. */
const NOT_MODEL_CHAIN = /block|tool|key|supply|daisy|filter|middleware|handler|proxy|cert|markov|promise|scope|trust|x509|food|value/i;

/**
 * Names bound to a chain a factory returns (`chain = get_chain()`, `response = chain()`): the chain was built in
 * another file, so no client constructor is in view, yet calling it (`chain(question)`, `chain.invoke(q)`) runs a model.
 */
function chainBindings(diff: FileDiff): Map<string, ThirdPartyService> {
  const names = new Map<string, ThirdPartyService>();
  if (!LANGCHAIN) return names;
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 2000 || !line.text.includes("hain") || !line.text.includes("=")) continue;
    const m = BINDING.exec(line.text);
    const callee = m ? CALLEE.exec(m[2])?.[1] : undefined;
    if (callee && CHAIN_NAME.test(callee) && !NOT_MODEL_CHAIN.test(callee)) names.set(m![1], LANGCHAIN);
  }
  return names;
}
/**
 * A project's own helper named for a provider and for sending (`generate_with_claude(prompt)`, `askGPT(text)`,
 * `call_openai(messages)`, `queryBedrock(q)`): the name says the text goes to that provider, wherever the helper is
 * defined (`from app.services.claude_service import generate_with_claude`). Helpers that only handle the provider's
 * plumbing (`get_openai_client()`, `count_gpt_tokens(text)`, `parse_claude_response(r)`) send nothing.
 */
const PROVIDER_WORD = /open_?ai|anthropic|claude|chat_?gpt|gpt|gemini|bedrock|mistral|cohere|groq/i;
/** Helpers may be named for the model rather than its vendor (`get_llm_response`, `callLLM`). */
const HELPER_WORD = /open_?ai|anthropic|claude|chat_?gpt|gpt|gemini|bedrock|mistral|cohere|groq|llm/i;
const SENDING_VERBS = "ask|call|query|send|generate|complete|summari[sz]e|classify|invoke|analy[sz]e|extract|translate|respond|run|infer|converse";
const SENDING_WORD = new RegExp(`^(?:${SENDING_VERBS}|completion|chat|response|request|reply|answer)$`);
/** A capitalised name is a type (`ChatOpenAI(`, `OpenAiChatCompletionRequest(`) unless it opens with a verb (Go's `CallOpenAI`, C#'s `AskGptAsync`). */
const VERB_FIRST = new RegExp(`^(?:${SENDING_VERBS})$`);
const PLUMBING_WORD = /^(?:client|key|keys|config|configure|token|tokens|count|cost|price|pricing|model|models|init|setup|mock|fake|stub|test|validate|parse|format|is|has|load|save|log|cache|error|errors|available|enabled|status|usage|limit|rate|schema|tool|tools|headers|url|settings|options)$/;
/** A call whose first argument is a bare name (`GenerateText(client, ...)`, `await summarize(&openai, text)`): the callee and the name. */
const CLIENT_FIRST_CALL = /(?<![\w$])(?:[A-Za-z_]\w*(?:\.|->|::))?([A-Za-z_]\w*)\s*\(\s*[&*]?(?:self\.|this\.|@|\$)?([A-Za-z_]\w*)\s*,/g;
/** A function named for sending (`GenerateText`, `summarize_ticket`, `askQuestion`): its first word is a sending verb. */
function sendingName(name: string): boolean {
  if (name.length > 60) return false;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split("_").filter(Boolean);
  return VERB_FIRST.test(words[0] ?? "") && !words.some((w) => PLUMBING_WORD.test(w));
}
function providerHelper(name: string): boolean {
  if (name.length > 60 || !HELPER_WORD.test(name)) return false;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split("_").filter(Boolean);
  // `llm` counts only as a word of its own (`get_llm_response`, `askLLM`), not inside another (`fullmatch`).
  if (!PROVIDER_WORD.test(name) && !words.includes("llm")) return false;
  if (/^[A-Z]/.test(name) && !VERB_FIRST.test(words[0] ?? "")) return false;
  return words.some((w) => SENDING_WORD.test(w)) && !words.some((w) => PLUMBING_WORD.test(w));
}
/** A declaration of the helper itself (`def ask_gpt(q):`, `async askClaude(prompt: string): Promise<string> {`), not a call. */
function declaresAt(text: string, at: number): boolean {
  const before = text.slice(0, at);
  if (/(?:^|\s)(?:def|function|fun|func|fn|sub|class|struct|record|interface|new)\s+$/.test(before)) return true;
  return /^\s*(?:(?:export|public|private|protected|static|async|override|suspend)\s+)*$/.test(before) && /[{:]\s*$/.test(text) && !/^\s*return\b/.test(text);
}

/**
 * An OpenAI-style chat turn of the user's whose content is a variable (`{ role: 'user', content: userMessageText }`),
 * handed to a call: the customer's text goes to the model behind it. The call must be named for a chat completion or a
 * model (`callChatCompletionsWithFallback({... payload: { messages } })`), or sit in a file of an LLM integration
 * (src/integrations/llm/intent.ts); a payload that is logged or stored sends nothing. (The chat message format:
 * platform.openai.com/docs/api-reference/chat/create, `messages[].role` = system | user | assistant.)
 */
/** A chat message made with the user's role first and its content second: the content. */
const POSITIONAL_USER_TURN = /\b[A-Z]\w{0,30}Message\s*\(\s*(?:["']user["']|[\w.]{0,40}Role\.USER\b(?:\.value\(\))?|[\w.]{0,40}RoleUser\b)\s*,/;
const USER_TURN = /["']?\brole["']?\s*(?::|=>|=)\s*["']user["']/;
const TURN_CONTENT = /["']?\bcontent["']?\s*(?::|=>|=)\s*([^\n]{1,200})$/;
const CHAT_CALLEE = /complet|chat|llm|gpt|openai|anthropic|claude|gemini|mistral|groq|model|infer/i;
const AI_MODULE_PATH = /(?:^|\/)(?:llms?|ai|genai|openai|gpt|chat_?gpt|anthropic|claude|gemini|chatbot|assistant)(?:[-_.][\w.-]{0,40})?(?:\/|$)/i;
const NOT_SENDING_CALLEE = /log|debug|info|warn|error|print|save|store|insert|write|cache|set|push|append|emit|stringify|assign|track|record|expect|test|mock|render|format/i;

/** The value of `content` in the object that holds a user role, in a call's argument text (either order of the keys). */
function userTurnContent(raw: string): string | undefined {
  const role = USER_TURN.exec(raw.length > 8000 ? raw.slice(0, 8000) : raw);
  if (!role) return undefined;
  const open = raw.lastIndexOf("{", role.index);
  if (open < 0) return undefined;
  const object = balanced(raw, open);
  const key = /["']?\bcontent["']?\s*(?::|=>|=)\s*/.exec(object);
  if (!key) return undefined;
  const rest = object.slice(key.index + key[0].length);
  // A string literal whole (it may hold commas), else the value up to the next key.
  return /^[\[{(]/.test(rest) ? balanced(rest, 0) : TURN_VALUE.exec(rest.slice(0, 4000))?.[0].trim();
}

const TURN_VALUE = /^(?:[fFrb$]?"(?:\\.|[^"\\\n])*"|[fFrb$]?'(?:\\.|[^'\\\n])*'|`[^`]*`|[^,\n}]{1,200})/;

/** The bracketed text opening at `from`, to its matching close (at most 4,000 characters). */
function balanced(text: string, from: number): string {
  let depth = 0;
  for (let c = from; c < text.length && c < from + 4000; c++) {
    const ch = text[c];
    if (ch === "{" || ch === "[" || ch === "(") depth++;
    else if ((ch === "}" || ch === "]" || ch === ")") && --depth === 0) return text.slice(from, c + 1);
  }
  return text.slice(from, from + 4000);
}

/** The call whose bracket is still open at line `index` (read upwards, at most 60 lines of the hunk): its callee, and its line. */
function enclosingCall(diff: FileDiff, index: number): { callee: string; line: number } | undefined {
  const hunk = diff.lines[index].hunk;
  let balance = 0;
  for (let i = index - 1, n = 0; i >= 0 && n < 60; i--, n++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) return undefined;
    if (line.kind === "-" || line.text.length > 2000) continue;
    const text = line.text;
    for (let c = text.length - 1; c >= 0; c--) {
      const ch = text[c];
      if (ch === ")") balance--;
      else if (ch === "(" && ++balance > 0) {
        const callee = /([A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*){0,6})\s*$/.exec(text.slice(Math.max(0, c - 200), c))?.[1];
        return callee ? { callee, line: i } : undefined;
      }
    }
  }
  return undefined;
}

/**
 * Chat-message types of the LLM SDKs (OpenAI's ChatCompletionMessageParam and ChatCompletionRequestMessage, Anthropic's
 * MessageParam, the Vercel AI SDK's CoreMessage and ModelMessage): a list of turns typed so is a model request's messages.
 */
const CHAT_MESSAGE_TYPE = /\b(?:ChatCompletion\w{0,20}MessageParam|ChatCompletionRequestMessage|MessageParam|CoreMessage|ModelMessage)\b/;
/** Whether a line of the hunk at most 30 lines above `index` (the function's signature or the list's declaration) names such a type. */
function chatMessagesTyped(diff: FileDiff, index: number): boolean {
  const hunk = diff.lines[index].hunk;
  for (let i = index; i >= 0 && i >= index - 30 && diff.lines[i].hunk === hunk; i--) {
    if (diff.lines[i].kind !== "-" && diff.lines[i].text.length <= 2000 && CHAT_MESSAGE_TYPE.test(diff.lines[i].text)) return true;
  }
  return false;
}

/** Keys that put text into a model request: `prompt:`, `messages =`, `"contents":`, `input =>`. */
const PROMPT_KEY = /\b(?:prompt|messages|contents?|input|parts)\b["']?\s*(?::(?!:)|=>|=(?![=>]))/;
/** A call of a method on the object itself: `ask(prompt)`, `self.generate(text)`, `this.complete(messages)`. */
const SELF_CALL = /(?<![\w$.@:>])(?:(?:self|this)\.)?([a-z_]\w*)\s*\(/g;

/** A name called directly: `chain(question)`. */
const BARE_CALL = /(?<![\w$.])([A-Za-z_]\w*)\s*\(/g;

/** A receiver named for a language model (llm.invoke, chat_model.ainvoke) says what the call is. */
// LangChain names its chains for what they do (qa_chain, rag_chain, conversation_chain).
const LLM_RECEIVER = /^\s*\w*(?:llm|LLM|Llm|chat_?model|chatModel|(?:qa|rag|retrieval|conversation(?:al)?)_?[Cc]hain)\w*\./;
/** Arguments that only an AI call has: a model, a token limit, chat messages, a prompt. */
// `Content.text(...)` is the message type of Google's Gemini SDKs for Dart, Kotlin and Swift.
const AI_ARGUMENT = /\bContent\.(?:text|multi)\s*\(|\bmodelId\s*\(|\b(?:model|modelId|model_id|max_tokens|maxTokens|max_output_tokens|messages|prompt|contents|system|temperature|inferenceConfig)\b\s*[:=]|\bmodel\s*\(|ModelId\s*=|"modelId"|["']?\brole["']?\s*[:=]\s*["'](?:user|system|assistant)["']/;
/** Names that hold text from people: customers, users, patients, tickets, messages, documents, form input. */
const DATA = /\b(?:\w*_)?(?:customers?|patients?|users?|members?|clients?|tickets?|messages?|msgs?|emails?|mails?|notes?|records?|profiles?|conversations?|transcripts?|transcriptions?|history|histories|chats?|body|bodies|requests?|req|params|payloads?|documents?|docs?|inputs?|query|queries|questions?|texts?|contents?|complaints?|feedback|reviews?|comments?|descriptions?|summary|claims?|resumes?|charts?|medical|diagnos\w*|symptoms?|prompts?|chunks?|events?|anamnes\w*|clinical\w*|data|rows?|forms?|submissions?|leads?|contacts?|accounts?|orders?|invoices?|inquir\w*|enquir\w*|threads?|cases?|issues?|reports?|context|files?|uploads?|attachments?|images?|audio|utterances?|replies|reply|answers?|letters?|applications?|candidates?|applicants?|employees?|students?|persons?|people|subjects?|bio|address\w*|phones?|names?|fields?|entries|entry|items?|article|post|posts|page|html|markdown|transaction\w*|payment\w*|support\w*|lab\w*|visit\w*|encounter\w*|appointment\w*|case_\w+)(?:_\w+)?\b|\b[a-z]+(?:Customer|Patient|User|Ticket|Message|Email|Note|Record|Profile|Conversation|Transcript|History|Body|Request|Payload|Document|Input|Query|Question|Text|Content|Complaint|Feedback|Review|Comment|Description|Prompt|Data|Form|Submission|Contact|Account|Order|Thread|Case|Issue|Report|Context|File|Upload|Attachment|Reply|Answer|Applicant|Employee|Student|Person|Subject|Name|Address|Entries|Entry|Item)s?\b/i;
/** camelCase names that start with a data word (patientSummary, customerNote); case-sensitive on the hump. */
const DATA_CAMEL = /\b(?:customers?|patients?|users?|members?|tickets?|messages?|emails?|notes?|records?|profiles?|conversations?|chats?|documents?|medical|applicants?|employees?|students?|candidates?|texts?|chunks?|docs?|pages?)[A-Z]\w*\b/;
/** A string literal with its prefix (f"...", $"...", r'...'): the prefix says whether `{name}` inside is interpolated. */
// A `${...}` slot is read whole, so the quotes of an expression inside it (Dart's and Kotlin's `"${names.join(", ")}"`,
// JS's `${tags.join("-")}`) do not end the literal. A `$` is matched by one alternative only, so there is no backtracking.
const STRING_LITERAL = /([A-Za-z$@]{0,2})(["'`])((?:\\.|\$\{[^}\n]{0,200}\}|\$(?!\{[^}\n]{0,200}\})|(?!\2)[^\\\n$])*)\2/g;
const INTERPOLATION = /\$\{([^}]*)\}|#\{([^}]*)\}|\{([^}]*)\}|%\(\w+\)s|\$(\w+)/g;
/** `{name}` is interpolation only in Python f-strings and C# $"..." strings; elsewhere it is a template slot or JSON. */
const FORMAT_PREFIX = /[fF$]/;
const LINE_COMMENT = /(?:^|\s)(?:#|\/\/)\s[^\n]*/g;
const KEY = /\b\w+\s*:(?!:)|\b\w+\s*=(?![=>])|:\w+\s*=>/g;
/** Constructors and static factories (`UserMessage(`, `ChatMessage.CreateUserMessage(`): types, not data; their arguments stay. */
const CONSTRUCTOR = /\b[A-Z]\w*(?:\.[A-Za-z_]\w*)*(?=\s*\()/g;
// Only where the next thing written, across line breaks, ends the pair (`messages:,`, `messages:\n}`): a key whose value
// is on the next line (PHP's named `request:\n    [...]`) is a key, not a variable.
const SHORTHAND_KEY = /\b([A-Za-z_]\w*):(?=\s*(?:[,})]|$(?![\s\S])))/gm;
const PATH_CALL = /::\s*[A-Za-z_]\w*(?=\s*[(!])/g;
const CHAINED_METHOD = /\.\s*[A-Za-z_]\w*(?=\s*\()/g;
/** Triple-quoted strings (Python docstring-style literals), read as one literal across lines. */
const TRIPLE_LITERAL = /([fFrRbBuU]{0,2})("""|''')([\s\S]*?)\2/g;
/** Reads of what a person types at run time (console, stdin, form widgets): whatever the name it lands in, it is data. */
// A text field's controller (Flutter's TextEditingController(), Android's EditText) holds what the person types into it.
// So do the command line (sys.argv, process.argv, os.Args, ARGV) and a command's words joined into text (" ".join(args)).
const USER_INPUT_READ = /\bsys\.argv\b|\bprocess\.argv\b|\bos\.Args\b|\bARGV\b|\.join\(\s*\*?args\s*\)|\bTextEditingController\s*\(\s*\)|\bfindViewById\s*<\s*(?:EditText|TextInputEditText)\s*>|\bConsole\.ReadLine\s*\(|(?<![\w.])ReadLine\s*\(\s*\)|(?<![\w.])(?:readLine|readln)\s*\(|\b(?:nextLine|raw_input|text_input|chat_input|text_area)\s*\(|(?<![\w.$>-])input\s*\(|\b(?:STDIN|\$stdin)\.gets\b|(?<![\w.$:])gets\b|\bsys\.stdin\.read\w*/g;
const CONSTANT_NAME = /\b[A-Z][A-Z0-9_]{2,}\b/g;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*)/;
/** Signatures other SDKs share (Twilio's messages.create, a generic chat() or predict()). */
const AMBIGUOUS_CALL = /sendMessage|summarization|translat|[Cc]lassification|questionAnswering|question_answering|featureExtraction|feature_extraction|automaticSpeech|automatic_speech|sentence_?[Ss]imilarity|(?<!\bRunner)\.a?(?:run|predict)\s*\(|embed_?(?:query|documents|Query|Documents)|\bmodel\.(?:generate|chat)\b|client\.(?:chat_stream|rerank|embed)|embeddings|images|audio|invoke|messages|\bco\.|cohere|\.chat\.(?:complete|stream)|\.completions\.create|onverse|predict|replicate|chat_completion|text_generation|chatCompletion|textGeneration|generateText|streamText|generateObject|streamObject|\.chat\s*\(/;

/**
 * Cohere's chat as its SDKs document it: the client conventionally named `co` (`co = cohere.Client(...)`, often built
 * above the hunk) and the user's turn given as `message=` (Python) or `message:` (TypeScript, `co.chat({ message })`),
 * with `chat_history` / `preamble` beside it. `co.chat(` with that key is the call, whichever file built the client.
 */
const COHERE_CHAT_MESSAGE = /^\s*(?:self\.|this\.)?co\.chat(?:_stream|Stream)?\s*\(\s*\(?\s*\{?\s*(?:message|chat_history|chatHistory|preamble)\b\s*(?::|=(?![=>]))/;
/** A key that names the model or deployment a request goes to, with its value (a name, never content). */
const MODEL_CHOICE = /\b(?:model|model_?[iI]d|modelName|model_name|deployment(?:_?[nN]ame|_?[iI]d)?|azure_deployment|engine)\b["']?\s*(?::(?!:)|=>|=(?![=>]))\s*[\w$.]{1,80}/g;
/**
 * Ruby's symbols and Elixir's atoms (`role: :user`, the key of `params[:id]`): fixed names written in the code, like a
 * string literal, not data. Read only in those languages: elsewhere `:name` may be a slice's bound or a ternary's branch.
 */
const SYMBOL = /(?<![\w:]):[A-Za-z_]\w*[?!]?/g;
/** The argument with fixed text removed: literals (but not what is interpolated into them), keys, constants. */
function dynamicPart(argument: string, singleQuotesInterpolate = false, symbols = false): string {
  return (symbols ? argument.replace(SYMBOL, " ") : argument)
    .replace(TRIPLE_LITERAL, (_all, prefix: string, _quote: string, body: string) => {
      if (!FORMAT_PREFIX.test(prefix)) return " ";
      const kept = [...body.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
      return kept.length ? ` ${kept.join(" ")} ` : " ";
    })
    .replace(LINE_COMMENT, " ")
    // Ruby's `messages:,` passes the variable of the same name (read before literals are blanked).
    .replace(SHORTHAND_KEY, " $1 ")
    .replace(STRING_LITERAL, (_all, prefix: string, quote: string, body: string) => {
      const kept: string[] = [];
      const braces = FORMAT_PREFIX.test(prefix);
      for (const m of body.matchAll(INTERPOLATION)) {
        // PHP's complex syntax (`"{$review['body']}"`, in double quotes and heredocs) is interpolation in any string.
        if (m[3] !== undefined && !braces && !m[3].startsWith("$")) continue;
        // `$name` in single quotes is literal text in shell, PHP and Perl; Dart interpolates it in both kinds of quote.
        // So is Ruby's `#{...}` (and any language's) in single quotes.
        if ((m[4] !== undefined || m[2] !== undefined) && quote === "'" && !singleQuotesInterpolate) continue;
        // A literal inside a slot (`{today.strftime('%d %B')}`, `{user['name']}`) is fixed text: only the names stay.
        kept.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? "").replace(/'[^'\n]{0,200}'|"[^"\n]{0,200}"/g, " "));
      }
      // The prefix may have been the tail of a name (`print"`): keep it unless it is a string prefix.
      const lead = /^(?:[fFrRbBuU$@]{1,2})?$/.test(prefix) ? "" : prefix;
      return kept.length ? ` ${lead} ${kept.join(" ")} ` : ` ${lead} `;
    })
    // Read before constructors go: `Console.ReadLine()` would otherwise read as a static factory of fixed text.
    .replace(USER_INPUT_READ, " user_input ")
    // Message and prompt classes (UserMessage(...), HumanMessage(...)) are types, not data; their arguments stay.
    .replace(CONSTRUCTOR, " ")
    // So are associated functions (Rust's `ChatMessage::user(text)`, PHP's `Message::make(...)`): the path is a type's.
    .replace(PATH_CALL, " ")
    // So are the method names of a chain (`.addUserMessage(`, `.build()`); the receiver and arguments stay.
    .replace(CHAINED_METHOD, " ")
    // `model=deployment_name`, `engine: modelName`: the value picks a model, it holds nobody's text.
    .replace(MODEL_CHOICE, " ")
    .replace(KEY, " ")
    .replace(CONSTANT_NAME, " ");
}

/** Names the prompt author writes, not customers: system prompts, instructions, templates. */
const AUTHORED = /system|instruction|template|persona|few_?shot|examples?\b/i;
const IDENTIFIER = /[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*/g;
// Go's short declaration (`data := ...`) too.
// PHP's variables carry a `$` (`$data = [...]`); the name is read without it, as the names in a call are.
const ASSIGNMENT = /^\s*(?:(?:const|let|var|val|final|private|public|static|readonly)\s+)*(?:[\w<>[\]?]+\s+)?\$?([A-Za-z_]\w*)\s*(?::\s*[\w.<>[\]?|]+\s*)?:?=(?![=>])\s*(.*)$/;
/** `name["key"] = value`, `name.key = value`, `name[:key] = value`: the value joins what the name holds. */
// PHP's `$data["model"] = ...` too.
const MEMBER_ASSIGNMENT = /^\s*(?:self\.|this\.|@|\$)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\]|\.\w+)\s*=(?![=>])\s*(.*)$/;
/** `$data["model"] = "gpt-4o"`, `payload['messages'] = msgs`: a key set on a request one at a time, read as the pair it adds. */
const KEYED_ASSIGNMENT = /^\s*\$?([A-Za-z_]\w*)\s*\[\s*["'](\w{1,60})["']\s*\]\s*=(?![=>])\s*([^\n]{1,500}?)\s*;?\s*$/;
/** The first of a pair a call returns (Go's `data, err := json.Marshal(body)`, `resp, _ := ...`): it holds the call's value. */
const PAIR_ASSIGNMENT = /^\s*([A-Za-z_]\w*)\s*,\s*[A-Za-z_]\w*\s*:?=(?![=>])\s*(.*)$/;
/** Loop variables hold the items of what they loop over: `for (const chunk of chunks)`, `for doc in docs:`, `.each do |x|`. */
const LOOP = /^\s*for\s*\(?\s*(?:const|let|var|final)?\s*\(?([A-Za-z_]\w*)(?:\s*,\s*[A-Za-z_]\w*)?\)?\s+(?:of|in)\s+([^:{]{1,200}?)\s*\)?\s*[:{]?\s*$|\b(\w+)\.(?:each|map|forEach|flatMap)\s*(?:do\s*)?\|?\(?\s*([A-Za-z_]\w*)/;
/** Collections filled after they are made: `messages.append({...})`, `prompt.push(content: text)`, `history << msg`. */
const MUTATION = /^\s*(?:self\.|this\.|@)?([A-Za-z_]\w*)\s*(?:\.\s*(?:push|append|add|concat|extend|update|insert|unshift|add_message|addMessage|add_user_message|addUserMessage|AddUserMessage|Add)\s*\((.*)|<<\s*(.+))$/;
/** An assistant turn: LangChain's AIMessage, a chat message whose role is the assistant's (`{"role": "assistant", ...}`). */
const ASSISTANT_TURN = /^\s*(?:\w+\.)*(?:AIMessage|AssistantMessage)\s*\(|^\s*\{?\s*["']?role["']?\s*(?::|=>|=)\s*["'](?:assistant|model)["']/;
const MUTATION_WORD = /\.\s*(?:push|append|add|concat|extend|update|insert|unshift|Add)\w*\s*\(|<</;
const COMPREHENSION = /[\[({,]\s*[^\[\](){}\n]{0,200}?\bfor\s+([A-Za-z_]\w*)\s+in\s+([A-Za-z_][\w.]*)/g;
const WITH_AS = /^\s*(?:async\s+)?with\s+(.+?)\s+as\s+([A-Za-z_]\w*)\s*:\s*$/;
const APPENDED = "+";
/** The type that opens a Go composite literal or conversion: `[]openai.Message`, `map[string]any`, `[]byte`, `*Req`. */
// The element type may be `interface{}` (`map[string]interface{}{...}`).
const GO_COMPOSITE = /^(?:\[\d*\]|map\[[\w.*]+\])+\*?(?:interface\{\}|[\w.]*)(?=\s*[({])/;
const OPENED_CALL = /^[\w.!:]+\s*[\[({]{1,2}\s*$/;
const LOOP_WORD = /^\s*for\b|\.(?:each|map|forEach|flatMap)\b/;

/** `def build_body`, `def self.prompt_for(text)`, `def build(self, q):`, `function buildBody() {`: the indent and the name. */
const METHOD_HEAD = /^(\s*)(?:async\s+)?(?:def\s+(?:self\.)?|function\s+)([A-Za-z_]\w*)[?!]?(?=\s*(?:[(:{#]|$))/;

/** The lines of a method below its head at line `index`, up to the first line indented no deeper (at most 40, 4,000 characters). */
function methodBody(diff: FileDiff, index: number, indent: number): string {
  const hunk = diff.lines[index].hunk;
  const body: string[] = [];
  for (let i = index + 1, size = 0; i < diff.lines.length && body.length < 40 && size < 4000; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-" || line.text.length > 2000) continue;
    if (line.text.trim() !== "" && /^\s*/.exec(line.text)![0].length <= indent) break;
    body.push(line.text);
    size += line.text.length;
  }
  return body.join("\n");
}

/** What each name is assigned on the lines the diff shows (values read across lines up to the closing bracket). */
function readAssignments(diff: FileDiff): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: string) => { const list = values.get(name); if (list) { if (list.length < 8) list.push(value); } else values.set(name, [value]); };
  // The lines inside a triple-quoted string (a docstring's `Example args: prompt="..."`) are text, not assignments.
  const quoted = tripleQuotedLines(diff);
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind === "-" || quoted.has(i)) continue;
    // `with open(upload.path, "rb") as f:`: the name holds what the statement opened.
    const opened = /^\s*(?:async\s+)?with\b/.test(line.text) ? WITH_AS.exec(line.text) : null;
    if (opened) add(opened[2], opened[1]);
    // A method's body is what calling it gives (`body: build_request_body.to_json`): the request it builds may be there.
    const method = line.text.length <= 300 && /^\s*(?:def|function|async)\b/.test(line.text) ? METHOD_HEAD.exec(line.text) : null;
    if (method) add(method[2], methodBody(diff, i, method[1].length));
    const loop = LOOP_WORD.test(line.text) ? LOOP.exec(line.text) : null;
    if (loop) {
      if (loop[1]) add(loop[1], loop[2]);
      else add(loop[4], loop[3]);
    }
    // A comprehension's variable holds the items it runs over: `[d.page_content for d in docs]`.
    if (line.text.length <= 2000 && line.text.includes(" for ")) for (const c of line.text.matchAll(COMPREHENSION)) add(c[1], c[2]);
    const mutation = MUTATION_WORD.test(line.text) ? MUTATION.exec(line.text) : null;
    // The model's own reply kept in the history (`messages.append(AIMessage(content=result.content))`, `history.push({
    // role: "assistant", content: reply })`) is the assistant's turn: the model's text, not a person's.
    if (mutation && !ASSISTANT_TURN.test(mutation[2] ?? mutation[3])) {
      // What is appended can show data arrives; it cannot show the collection holds only fixed text.
      const from = line.text.length - (mutation[2] ?? mutation[3]).length;
      add(`${APPENDED}${mutation[1]}`, mutation[2] !== undefined ? argumentText(diff, i, from - 1) : mutation[3]);
    }
    if (!line.text.includes("=")) continue;
    const keyed = line.text.length <= 600 && line.text.includes("[") ? KEYED_ASSIGNMENT.exec(line.text) : null;
    if (keyed && !/^[\[({]\s*$/.test(keyed[3])) { add(keyed[1], `"${keyed[2]}" => ${keyed[3]}`); continue; }
    const m = ASSIGNMENT.exec(line.text) ?? MEMBER_ASSIGNMENT.exec(line.text) ?? PAIR_ASSIGNMENT.exec(line.text);
    // `messages=messages,` is a keyword argument, not an assignment.
    if (!m || m[2].trim() === m[1] || /,\s*$/.test(m[2]) && !/^[\[({]/.test(m[2])) continue;
    // `prompt =` with its value on the line below (Ruby, Python): read that line, and what it opens.
    if (m[2].trim() === "") {
      const next = diff.lines[i + 1];
      if (next && next.hunk === line.hunk && next.kind !== "-" && next.text.length <= 2000) {
        const open = next.text.search(/[\[({]\s*$/);
        add(m[1], open >= 0 ? next.text.slice(0, open).trim() + argumentText(diff, i + 1, open) : next.text.trim());
      }
      continue;
    }
    const start = line.text.length - m[2].length;
    if (/^[fFrRbBuU]{0,2}(?:"""|''')/.test(m[2])) add(m[1], readTripleQuoted(diff, i, start));
    // A raw string opened and not closed on the line (Go's []byte(`{...`), a JavaScript template): read to its close.
    else if (m[2].split("`").length === 2) add(m[1], readBacktickLiteral(diff, i, m[2]));
    else if (m[2].startsWith("<<")) add(m[1], readHeredoc(diff, i, m[2]));
    // A Go composite literal (`[]openai.Message{...}`, `map[string]any{...}`): its elements, after the type.
    else if (GO_COMPOSITE.test(m[2])) add(m[1], argumentText(diff, i, start + GO_COMPOSITE.exec(m[2])![0].length));
    else if (/^[\[({]/.test(m[2])) add(m[1], argumentText(diff, i, start));
    // A call or macro whose arguments go on below (`let body = json!({`, `payload = dict(`): read them to the close.
    else if (OPENED_CALL.test(m[2])) add(m[1], m[2].replace(/[\[({]\s*$/, "") + argumentText(diff, i, line.text.search(/[\[({]\s*$/)));
    else add(m[1], m[2] + (objectInitializer(diff, i) ?? chainContinuation(diff, i)));
  }
  return values;
}

/** Names written as `name = ...` on lines inside a triple-quoted string (a docstring's examples). */
function namesInTripleQuotes(diff: FileDiff): Set<string> {
  const names = new Set<string>();
  for (const i of tripleQuotedLines(diff)) {
    const m = /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(diff.lines[i].text);
    if (m) names.add(m[1]);
  }
  return names;
}

/**
 * Indexes of the lines inside a triple-quoted string, read hunk by hunk. A line that starts with the quotes opens a string
 * only after a line that leads into one (a `def ...:` head, `x = (`, an argument list) or at the hunk's top; after
 * anything else (the string's own text) it closes one opened above the hunk.
 */
function tripleQuotedLines(diff: FileDiff): Set<number> {
  const inside = new Set<number>();
  if (!diff.lines.some((l) => l.text.includes('"""') || l.text.includes("'''"))) return inside;
  let open: string | undefined;
  let hunk = -1;
  let previous: string | undefined;
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind === "-" || line.text.length > 2000) continue;
    if (line.hunk !== hunk) { hunk = line.hunk; open = undefined; previous = undefined; }
    if (open !== undefined) inside.add(i);
    const text = line.text.trim();
    let marks = [...text.matchAll(/"""|'''/g)];
    if (open === undefined && marks.length > 0 && marks[0].index === 0 && previous !== undefined && !/[:(,=\[{]$/.test(previous)) marks = marks.slice(1);
    for (const m of marks) {
      if (open === undefined) open = m[0];
      else if (m[0] === open) open = undefined;
    }
    if (text !== "") previous = text;
  }
  return inside;
}

/** A backtick literal opened in `value` on line `index`, across the lines below up to its closing backtick (at most 60). */
function readBacktickLiteral(diff: FileDiff, index: number, value: string): string {
  let out = value;
  const hunk = diff.lines[index].hunk;
  for (let i = index + 1, n = 0; i < diff.lines.length && n < 60; i++, n++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    // Joined with spaces: the literal reads as one string (its `${...}` slots as interpolation), as if written on one line.
    out += ` ${line.text}`;
    if (line.text.includes("`")) break;
  }
  return out;
}

/** A C# or Java object initializer on the lines below (`var options = new ChatCompletionsOptions` / `{ Messages = ... }`). */
function objectInitializer(diff: FileDiff, index: number): string | undefined {
  if (/[;{}]\s*$/.test(diff.lines[index].text)) return undefined;
  const hunk = diff.lines[index].hunk;
  for (let i = index + 1; i < diff.lines.length && i <= index + 2; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk || line.kind === "-") return undefined;
    const open = line.text.indexOf("{");
    if (open < 0 || line.text.slice(0, open).trim() !== "") return undefined;
    return ` ${argumentText(diff, i, open)}`;
  }
  return undefined;
}

/** A value's builder chain on the lines below (`Params.builder()` / `.addUserMessage(text)` / `.build();`). */
function chainContinuation(diff: FileDiff, index: number): string {
  let out = "";
  const hunk = diff.lines[index].hunk;
  for (let i = index + 1, n = 0; i < diff.lines.length && n < 12; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    if (!/^\s*\??\./.test(line.text)) break;
    // A link without a call (`.await?`, `.value`) ends on its own line.
    const dot = line.text.indexOf(".");
    out += ` ${line.text.includes("(", dot) ? argumentText(diff, i, dot) : line.text.slice(dot)}`;
    n++;
  }
  return out;
}

/** The lines of a request's configuring block below line `index` (`do |req|` to the `end` at the call's indent), at most 40. */
function requestBlock(diff: FileDiff, index: number): string {
  const line = diff.lines[index];
  if (!REQUEST_BLOCK.test(line.text)) return "";
  const indent = /^\s*/.exec(line.text)![0].length;
  let out = "";
  for (let i = index + 1, n = 0; i < diff.lines.length && n < 40; i++, n++) {
    const next = diff.lines[i];
    if (next.hunk !== line.hunk) break;
    if (next.kind === "-") continue;
    if (/^\s*end\b/.test(next.text) && /^\s*/.exec(next.text)![0].length <= indent) break;
    out += `\n${next.text}`;
  }
  return out;
}

/** A triple-quoted literal from its opening quotes to its closing ones, across lines. */
/** A heredoc's opener: Ruby's `<<~PROMPT`, `<<-SQL`, `<<'TEXT'`, PHP's `<<<EOT`, `<<<"EOT"`. */
const HEREDOC = /^<<(?:[~-]|<)?\s*(["']?)([A-Za-z_]\w*)\1/;

/**
 * A heredoc's body up to its terminator, as the string literal it is (double-quoted, so `#{entry.text}` and `$name`
 * read as interpolation; single-quoted when the opener quotes its name, which turns interpolation off).
 */
function readHeredoc(diff: FileDiff, index: number, value: string): string {
  const open = HEREDOC.exec(value);
  if (!open) return value;
  const quote = open[1] === "'" ? "'" : '"';
  const hunk = diff.lines[index].hunk;
  const body: string[] = [];
  for (let i = index + 1, size = 0; i < diff.lines.length && size < 4000; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    if (line.text.trim().replace(/;$/, "") === open[2]) break;
    body.push(line.text.replace(/\\/g, "").replaceAll(quote, " "));
    size += line.text.length;
  }
  return `${quote}${body.join(" ")}${quote}${value.slice(open[0].length)}`;
}

function readTripleQuoted(diff: FileDiff, index: number, from: number): string {
  const open = /"""|'''/.exec(diff.lines[index].text.slice(from));
  if (!open) return diff.lines[index].text.slice(from);
  const delimiter = open[0];
  let out = diff.lines[index].text.slice(from);
  if (out.indexOf(delimiter, open.index + 3) >= 0) return out;
  const hunk = diff.lines[index].hunk;
  for (let i = index + 1; i < diff.lines.length && out.length < 4000; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    out += `\n${line.text}`;
    if (line.text.includes(delimiter)) break;
  }
  return out;
}

/** Parameters of the functions the diff defines: what a caller passes in (a user's text, a document) reaches the prompt. */
const FUNCTION_HEAD = /\b(?:def|function|fun|func|fn|sub)\s+\w*[!?=]?\s*\(([^)]*)\)|\b(?:async\s+)?\(([^()]*)\)\s*(?::\s*[\w<>[\]|. ]+)?\s*=>|\b(?:public|private|protected|internal|static|async|override)\s+(?:[\w<>[\],?]+\s+)+\w+\s*\(([^)]*)\)\s*(?:throws\s+[\w.,\s]+)?\{?\s*$|\bfunc\s+\(\w+\s+\*?\w+\)\s+\w+\s*\(([^)]*)\)|^\s*(?:(?:Future|Stream)(?:<[^()]*>)?\s+)?[a-z]\w*\s*\(([^)]*)\)\s*async\*?\s*\{/;
/** Parameters that configure the call rather than carry anyone's text (credentials authenticate it). */
const CONFIG_NAME = /^(?:self|this|cls|ctx|context|client|model\w*|temperature|max_?\w*|top_?\w*|stream\w*|api_?key|key|config\w*|options?|opts|settings|params|kwargs|args|tools?|tool_choice|functions?|response_format|format|timeout|retries|n|k|seed|stop\w*|language|lang|locale|tone|style|mode|verbose|debug|callback|cb|next|res|response|logger|log|session|db|conn|connection|index|id|\w+_id|limit|offset|page_size|size|count|num_\w+|deployment\w*|endpoint|url|base_url|host|region|provider|engine|voice|dimensions?|embedding_dims|memory_action|tool\w*|bearer\w*|\w*?_?(?:auth|token|secret|credentials?))$/i;

function readParameters(diff: FileDiff, until: number): Set<string> {
  const names = new Set<string>();
  const hunk = diff.lines[until].hunk;
  for (let i = until; i >= 0 && i > until - 80; i--) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind === "-") continue;
    const m = FUNCTION_HEAD.exec(line.text);
    const list = m?.slice(1).find((g) => g !== undefined);
    if (list === undefined) continue;
    for (const part of list.split(",")) {
      // `String text`, `text: string`, `text=None`, `$text`, `*args`, `text string` (Go): the parameter's own name.
      const cleaned = part.replace(/=.*$/, "").replace(/:.*$/, "").replace(/[*&$]/g, "").trim();
      const words = cleaned.split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      const name = /^(?:go|rust)$/.test(diff.fileClass.kind) || /\.go$/.test(diff.path) ? words[0] : words[words.length - 1];
      if (/^[A-Za-z_]\w*$/.test(name) && !CONFIG_NAME.test(name) && !AUTHORED.test(name) && !isCodeName(name)) names.add(name);
    }
    break;
  }
  return names;
}

/** Words naming code and repository artefacts: a diff, a patch, a stack trace is what a model reads about code, not about people. */
const CODE_WORD = /^(?:diffs?|patch(?:es)?|commits?|snippets?|hunks?|stacktraces?|tracebacks?|changelogs?|git|repos?|repository|codebase|code)$/i;
/** `code` after these words is a postal, phone or promotion code. */
const NOT_SOURCE_CODE = /^(?:postal|zip|post|area|country|phone|promo|coupon|discount|referral|invite|verification|otp)$/i;
const NAME_WORDS = /[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g;

/** A name made of code words (`diff`, `diff_text`, `gitDiff`, `codeSnippet`): what it holds is code, whoever wrote it. */
function isCodeName(name: string): boolean {
  if (!/diff|patch|commit|snippet|hunk|trace|changelog|git|repo|code/i.test(name)) return false;
  if (/stack_?trace|trace_?back|source_?code/i.test(name)) return true;
  const words = name.match(NAME_WORDS) ?? [];
  return words.some((w, i) => CODE_WORD.test(w) && !(/^code$/i.test(w) && i > 0 && NOT_SOURCE_CODE.test(words[i - 1])));
}

/** Package and module names used as call receivers (`context.Background()`, `json.dumps`), not data. */
const PACKAGE_ROOT = /^(?:json|JSON|os|sys|time|math|fmt|strings|strconv|bytes|http|requests|np|pd|openai|anthropic|genai|boto3|base64|Base64|Date|Math|Object|Array|String|Number|Promise|console|process|env|ENV|Rails|settings|config|Config|Settings)$/;

// Go's `context` package is reached through its exported members (`context.Background()`); a bare `context` is a variable
// (a conversation's or a retrieval's context), data like any other named so.
const goContext = (name: string, root: string, facts: PromptFacts) => root === "context" && (facts.go || /^context\.[A-Z]/.test(name));

const INTERPOLATED_NAME = /(\$?\{|#\{)\s*([A-Za-z_]\w*)\s*\}/g;
/** `f"{prompt}"` with `prompt` a constant is fixed text: drop the name, or resolving it would put quotes inside quotes. */
function withoutInterpolatedConstants(text: string, constants: Map<string, string>): string {
  return text.includes("{") ? text.replace(INTERPOLATED_NAME, (all, open: string, name: string) => (constants.has(name) ? `${open}}` : all)) : text;
}

/** Objects that describe things rather than people: products and catalogues, media, places, weather, markets. */
const THING_ROOT = /^(?:products?|catalog(?:ue)?s?|inventory|skus?|recipes?|ingredients?|books?|movies?|films?|songs?|albums?|games?|stocks?|tickers?|weather|forecasts?|cit(?:y|ies)|countr(?:y|ies)|locales?|repos?|repositor(?:y|ies))$/i;
/** Members that name a person even on a thing (`product.seller_email`, `book.author`, `listing.owner`). */
const PERSONAL_MEMBER = /e-?mail|phone|address|owner|seller|buyer|author|customer|user|patient|member|person|contact/i;

/** Whether the text carries data from people: a data-named value that is not fixed text, followed through assignments. */
function carriesData(text: string, facts: PromptFacts, depth: number): boolean {
  const { assignments, constants, parameters } = facts;
  // The repository's own file read at a literal path (`load_documents("data/")`) holds no one's data, whatever the
  // loader is called (isFixed reads it the same way).
  const file = FILE_AT_LITERAL_PATH.exec(text);
  if (file && !PEOPLE_FILE.test(file[1])) return false;
  const dynamic = dynamicPart(constants.size ? resolveConstants(withoutInterpolatedConstants(text, constants), constants) : text, facts.singleQuotesInterpolate, facts.symbols);
  for (const [name] of dynamic.matchAll(IDENTIFIER)) {
    const root = name.split(".")[0];
    // Capitalised roots name types, enums and classes (`ChatModel.O3_MINI`, `Discourse.system_user`), not values.
    if (AUTHORED.test(root) || constants.has(root) || PACKAGE_ROOT.test(root) || goContext(name, root, facts) || TYPE_NAME.test(root) || isCodeName(root) || packageMember(name, root, facts)) continue;
    // A product's name or a recipe's description is about a thing, not a person, unless the member names one.
    if (THING_ROOT.test(root) && !PERSONAL_MEMBER.test(name.slice(root.length))) continue;
    const values = assignments.get(root);
    const appended = assignments.get(`${APPENDED}${root}`);
    if (appended && depth < 3 && appended.some((value) => carriesData(value, facts, depth + 1))) return true;
    // A member of a name (`payload.to_json`, `ticket.body`) holds what the name holds.
    if (values !== undefined && depth < 3) {
      if (values.some((value) => carriesData(value, facts, depth + 1))) return true;
      // Assigned fixed text only (a literal, constants): not data whatever its name. Computed from a call or a file
      // read (`resume = open(path).read()`), the name says what it holds.
      if (!parameters.has(root) && values.every((value) => isFixed(value, facts, depth + 1))) continue;
    }
    if (parameters.has(root)) return true;
    if (DATA.test(name) || DATA_CAMEL.test(name)) return true;
  }
  return false;
}

/**
 * The clock (`date.today()`, `datetime.now()`, `time.time()`, a `today` or `now` read from it): today's date in a prompt
 * (`f"events on {today.strftime('%d %B')}"`) is nobody's data.
 */
const CLOCK = /^(?:date|datetime|time|today|now|moment|dayjs)$/;
/** Text with nothing computed in it: literals, keys, constants, package names, and names assigned such text. */
function isFixed(text: string, facts: PromptFacts, depth = 0): boolean {
  // A record looked up in a store (`Call.find(call_id)`, `Note.objects.get(pk=pk)`, `repo.findById(id)`) is whatever
  // the store holds, however fixed its key.
  if (STORE_LOOKUP.test(text)) return false;
  // A file of the repository opened by its literal path (`open("data/faq.txt")`, `DirectoryLoader("./docs")`) is the
  // project's own text, unless the path names people's records (`open("patients.csv")`).
  const file = FILE_AT_LITERAL_PATH.exec(text);
  if (file) return !PEOPLE_FILE.test(file[1]);
  const dynamic = dynamicPart(text, facts.singleQuotesInterpolate, facts.symbols);
  for (const [name] of dynamic.matchAll(IDENTIFIER)) {
    const root = name.split(".")[0];
    if (AUTHORED.test(root) || facts.constants.has(root) || PACKAGE_ROOT.test(root) || root === "context" || TYPE_NAME.test(root) || CONFIG_NAME.test(root) || isCodeName(root) || LITERAL_BUILDER.test(root) || CLOCK.test(root) || /^(?:true|false|null|nil|undefined|new|await|return|map|interface|any|struct|int\d*|uint\d*|float\d+|bool)$/.test(root) || packageMember(name, root, facts)) continue;
    // What a thing's members hold (a product's name and price) is as good as fixed text: nobody's data.
    if (THING_ROOT.test(root) && !PERSONAL_MEMBER.test(name.slice(root.length))) continue;
    const values = facts.assignments.get(root);
    const appended = facts.assignments.get(`${APPENDED}${root}`) ?? [];
    if (values && depth < 3 && !facts.parameters.has(root) && [...values, ...appended].every((v) => isFixed(v, facts, depth + 1))) continue;
    return false;
  }
  return true;
}

// Also a loader or reader of documents named for what it reads (`load_documents("data/")`, `read_pdfs("docs")`, LlamaIndex's
// `SimpleDirectoryReader("data")`) given a literal path: the repository's own documents, to be embedded or indexed.
const FILE_AT_LITERAL_PATH = /^\s*(?:await\s+)?(?:open|io\.open|Path|File\.(?:read|open|readlines)|IO\.read|fs\.(?:readFileSync|promises\.readFile|readFile)|readFileSync|readFile|[A-Z]\w*Loader|[A-Z]\w*DirectoryReader|(?:[\w.]+\.)?(?:load|read)_(?:\w+_)?(?:documents?|docs|files?|pdfs?|corpus|knowledge_?base))\s*\(\s*[rfb]?["'`]([^"'`\n]{1,200})["'`]/;
const PEOPLE_FILE = /patient|customer|user|client|member|employee|staff|student|applicant|candidate|contact|lead|ticket|e-?mail|inbox|message|chat|conversation|transcript|record|review|feedback|complaint|resume|\bcv\b|medical|health|person|people|upload/i;
const STORE_LOOKUP = /\.(?:find\w*|fetch\w*|query|select|where|retrieve|filter(?:_by)?|objects\.get)\s*\(|\bget_object_or_404\s*\(/;
/** Functions and macros that only build a collection from what they are given (`listOf(...)`, `vec![...]`, `dict(...)`). */
// So do conversions that only retype what they are given (Go's `[]byte(...)`, `string(...)`, Python's `str(...)`).
const LITERAL_BUILDER = /^(?:(?:mutable)?(?:list|map|set|array|hashMap|linkedMap)Of|emptyList|emptyMap|vec|dict|list|tuple|array|compact|byte|rune|string|str|bytes|bytearray)$/;
const NO_PARAMETERS: Set<string> = new Set();
const TYPE_NAME = /^[A-Z]/;

interface PromptFacts { assignments: Map<string, string[]>; constants: Map<string, string>; parameters: Set<string>; singleQuotesInterpolate: boolean; symbols: boolean; packages: Set<string>; go: boolean }

/**
 * Names the file imports as packages: Go's `claude "github.com/x/claude-sdk-go"` and `"github.com/sashabaranov/go-openai"`
 * (openai), Python's `import anthropic as claude`, JavaScript's `import * as claude from`. A member of a package
 * (`claude.RequestBodyMessages`, `openai.ChatMessageRoleUser`) is a type or a constant, not anyone's data.
 */
/** `pkg.Type` / `pkg.CONSTANT` of an imported package (its exported, capitalised members); `st.session_state` is state. */
// The package's own name left bare (`claude.` once `NewUserTextMessage(` is read as a constructor) is no data either.
const packageMember = (name: string, root: string, facts: PromptFacts) => facts.packages.has(root) && (name === root || /^[A-Z]/.test(name.slice(root.length + 1)));
const GO_IMPORT = /^\s*(?:import\s+)?(?:([A-Za-z_]\w*)\s+)?"([\w.-]+\.[a-z]+\/[^"\s]+|[a-z][\w/]*)"\s*$/;
const PY_IMPORT = /^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?\s*$/;
const JS_NAMESPACE_IMPORT = /^\s*import\s+\*\s+as\s+(\w+)\s+from\b/;
function importedPackages(diff: FileDiff): Set<string> {
  const names = new Set<string>();
  const go = /\.go$/.test(diff.path);
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 300 || !/import|"/.test(line.text)) continue;
    if (go) {
      const m = GO_IMPORT.exec(line.text);
      if (!m) continue;
      // The package name is the last element of the path, without a major version or a go- / -go affix.
      const last = m[2].replace(/\/v\d+$/, "").split("/").pop()!.replace(/^go-|-go$/g, "").replace(/[^\w]/g, "");
      names.add(m[1] ?? last);
      continue;
    }
    const py = PY_IMPORT.exec(line.text);
    if (py) { names.add(py[2] ?? py[1].split(".")[0]); continue; }
    const js = JS_NAMESPACE_IMPORT.exec(line.text);
    if (js) names.add(js[1]);
  }
  names.delete("_");
  return names;
}

function serviceFrom(list: Array<{ service: ThirdPartyService; pattern: RegExp }>, text: string): ThirdPartyService | undefined {
  return firstMatching(list, text)?.service;
}

/** The distinctive word of each AI provider's name (OpenAI, Anthropic, Cohere, Bedrock, ...), for mentions in any case. */
// English words (together, replicate, stability, ...) are not mentions of the provider.
const GENERIC_NAME_WORD = /^(?:semantic|kernel|google|amazon|azure|microsoft|alibaba|baidu|nvidia|catalog|inference|chat|model|provider|any|vercel|langchain|client|llm|face|ai|sdk|api|cloud|hub|studio|together|replicate|stability|voyage|perplexity|fireworks|vertex|labs)$/i;
const VENDOR_WORDS = AI.map((s) => ({ service: s, word: s.name.split(/[\s()/.,-]+/).find((w) => w.length >= 4 && !GENERIC_NAME_WORD.test(w)) }))
  .filter((v): v is { service: ThirdPartyService; word: string } => v.word !== undefined);
// Anthropic's models are named for Claude, as are the files and helpers that reach them (claude_helper.py, callClaude).
const PRODUCT_WORD: Record<string, string> = { Anthropic: "|claude" };
const VENDOR_MENTION = VENDOR_WORDS.map((v) => ({ service: v.service, pattern: new RegExp(`(?<![a-z])(?:${v.word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}${PRODUCT_WORD[v.service.name] ?? ""})`, "i") }));

/** The provider a receiver's name names (`claude_client`: Anthropic), or a generic model when it names none (`llm`). */
function vendorNamed(name: string): ThirdPartyService {
  return serviceFrom(VENDOR_MENTION, name.replace(/_/g, "")) ?? (/gpt/i.test(name) ? AI.find((s) => s.name === "OpenAI") : undefined) ?? LANGCHAIN ?? AI[0];
}

/** A package or namespace declaration (Java, Kotlin, Scala, Go, C#): the module the file belongs to. */
const MODULE_DECLARATION = /^\s*(?:package|namespace)\s+[\w.]{1,300}/;

/**
 * The provider a file's module names: its path (spring-boot-ai-ollama/.../ollama/ChatService.java, llm/anthropic.py) or
 * its package or namespace declaration (`package com.acme.ai.ollama.service;`).
 */
function moduleVendor(diff: FileDiff): ThirdPartyService | undefined {
  const byPath = serviceFrom(VENDOR_MENTION, diff.path.replace(/[_-]/g, ""));
  if (byPath) return byPath;
  for (const line of diff.lines.slice(0, 60)) {
    const m = line.kind !== "-" && line.text.length <= 2000 ? MODULE_DECLARATION.exec(line.text) : null;
    if (m) return serviceFrom(VENDOR_MENTION, m[0].replace(/[_-]/g, ""));
  }
  return undefined;
}

function fileMentions(diff: FileDiff): ThirdPartyService | undefined {
  for (const line of diff.lines) {
    if (line.text.length > 2000) continue;
    const service = serviceFrom(CLIENT_BY_SERVICE, line.text);
    // A framework reaches the provider its module is built for (Spring AI's ChatClient in an `ollama` module runs the
    // local Ollama model; docs.spring.io/spring-ai/reference/api/chatclient.html: the ChatClient is built on the
    // auto-configured ChatModel of the starter on the classpath).
    if (service) return service.anyProvider ? moduleVendor(diff) ?? service : service;
  }
  // A provider named by the path (llm/anthropic.py, model_deployments/cohere_platform.py) or in the code around
  // (self.anthropic, CohereChatRequest, get_openai_client) is the client in view.
  const byPath = serviceFrom(VENDOR_MENTION, diff.path.replace(/[_-]/g, ""));
  if (byPath) return byPath;
  for (const line of diff.lines) {
    if (line.text.length > 2000 || COMMENT.test(line.text)) continue;
    const service = serviceFrom(VENDOR_MENTION, line.text);
    if (service) return service;
  }
  return undefined;
}

/** A curl command's request body option and what follows it. */
const CURL_DATA = /(?:^|\s)(?:-d|--data(?:-raw|-binary|-urlencode)?|--json)\s+(?=\S)/;
/** A shell expansion that brings in what the script is given: `$1`, `$@`, `$(cat file)`, a backtick, `${input}`. */
const SHELL_EXPANSION = /\$(?:(\d|[@*])|\(|\{?([A-Za-z_]\w*))|`/g;

/**
 * The shell word at the start of `text` (quoted parts joined), and whether it expands anything that holds data: a
 * positional parameter, a command substitution, or a variable named for data (`$PROMPT`, `$message`). Variables named
 * like settings (`$MODEL`, `$OPENAI_API_KEY`) are configuration. Single quotes expand nothing.
 */
function shellWord(text: string): { word: string; expands: boolean } {
  let word = "";
  let expands = false;
  const check = (part: string) => {
    for (const m of part.matchAll(SHELL_EXPANSION)) {
      if (m[1] !== undefined || m[0] === "`" || m[0] === "$(" || (m[2] !== undefined && (/[a-z]/.test(m[2]) || DATA.test(m[2])))) expands = true;
    }
  };
  for (let c = 0; c < text.length; c++) {
    const ch = text[c];
    if (/\s/.test(ch)) break;
    const quoted = ch === "'" || ch === '"';
    // An unterminated quote runs to the end of what was read.
    const close = quoted ? (text.indexOf(ch, c + 1) < 0 ? text.length : text.indexOf(ch, c + 1)) : -1;
    if (quoted) {
      const part = text.slice(c + 1, close);
      if (ch === '"') check(part);
      word += part;
      c = close;
      continue;
    }
    const end = text.slice(c).search(/[\s'"]/);
    const part = end < 0 ? text.slice(c) : text.slice(c, c + end);
    check(part);
    word += part;
    c += part.length - 1;
  }
  return { word, expands };
}

/**
 * curl requests to a model API in shell scripts: the command read across its continued lines and a body quoted over
 * several lines. A body of fixed text is a demo (counted like a fixed SDK call); one that expands the script's input
 * sends it to the provider.
 */
function curlRequests(diff: FileDiff): AiDataFlows {
  const out: AiDataFlows = { findings: [], fixedCalls: 0 };
  if (!diff.added.text.includes("curl")) return out;
  let service: ThirdPartyService | undefined | null = null;
  for (const index of diff.added.indexes) {
    const line = diff.lines[index];
    if (!/\bcurl\b/.test(line.text) || /^\s*#/.test(line.text)) continue;
    let command = line.text;
    for (let i = index + 1, n = 0; i < diff.lines.length && n < 60; i++, n++) {
      const open = (command.match(/'/g)?.length ?? 0) % 2 === 1;
      if (!open && !/\\\s*$/.test(command)) break;
      const next = diff.lines[i];
      if (next.hunk !== line.hunk) break;
      if (next.kind === "-") continue;
      command = open ? `${command}\n${next.text}` : `${command.replace(/\\\s*$/, "")} ${next.text}`;
    }
    const at = CURL_DATA.exec(command);
    if (!at) continue;
    const { word, expands } = shellWord(command.slice(at.index + at[0].length));
    if (word.startsWith("@") || !MODEL_PAYLOAD.test(word)) continue;
    if (service === null) service = fileMentions(diff);
    if (!service || (!REMOTE_URL.test(command) && service.selfHosted)) continue;
    if (!expands) { out.fixedCalls++; continue; }
    out.findings.push(aiDataSent(diff, index, service.name));
    return out;
  }
  return out;
}

/** The finding for people's data sent to an AI vendor from an added line; one per vendor in a file. */
function aiDataSent(diff: FileDiff, index: number, vendor: string): RawFinding {
  const line = diff.lines[index];
  return {
    ruleId: "ai-data-sent",
    path: diff.path,
    line: line.newLine,
    side: "RIGHT",
    evidence: line.text,
    detail: { vendor, category: "ai" },
    dedupeKey: `vendor|${vendor}`,
    dedupePriority: -1,
  };
}

export interface AiDataFlows {
  findings: RawFinding[];
  /** AI calls seen on added lines whose prompts are fixed text only (a demo, a smoke test). */
  fixedCalls: number;
}

const CHAIN_WORD = /\.\s*(?:completions|embeddings|prompt|user|messages|create|generate\w*|invoke|converse|chat|complete|summarize)\s*\(/;
/** A line that continues a method chain from the line above: `.create({`, `.user(prompt)`, `.generate(`. */
const CONTINUATION = /^\s*\??\.\s*\w+\s*\(/gm;
/** An HTTP POST from code: the provider's client is an HTTP library and the endpoint a variable. */
// Also Go's `http.NewRequest("POST", url, body)` and `http.Post(url, type, body)`, a builder's `.POST(...)` step on a line
// of its own (Java's HttpRequest.newBuilder()), and .NET's `client.PostAsync(url, content)`.
// Faraday's `conn.post do |req|` (no path: the URL is the connection's) sets its body in the block, like `conn.post(path) do |req|`.
const HTTP_POST = /\b(?:\w*(?:conn|http|client|session|requests|axios|httpx|faraday|restclient|httparty|fetcher|agent))\.post(?:\s*\(|\s+do\s*\|)|\bfetch(?:Impl|Fn|Func)?\s*\(|\bHttp::post\s*\(|\bHttp::with\w*\([^)]*\)\s*->\s*post\s*\(|\bhttp\.(?:NewRequest(?:WithContext)?|Post)\s*\(|^\s*\.post\s*\(|\.Post(?:AsJson)?Async\s*\(|\bcurl_setopt\s*\((?=\s*\$\w+\s*,\s*CURLOPT_POSTFIELDS\b)/i;
// PHP's cURL sets the body with curl_setopt($ch, CURLOPT_POSTFIELDS, $body) (php.net/manual/en/function.curl-setopt.php).
const HTTP_POST_SCAN = new RegExp(`\\.post(?:\\s*\\(|\\s+do\\b)|\\bfetch(?:Impl|Fn|Func)?\\s*\\(|Http::|\\bhttp\\.(?:NewRequest|Post)|\\.Post(?:AsJson)?Async\\s*\\(|CURLOPT_POSTFIELDS`, "gim");
/** A block that configures the request (Faraday's `conn.post(path) do |req|` ... `end`): the body is set inside it. */
const REQUEST_BLOCK = /\bdo\s*\|\s*\w+\s*\|\s*$/;
/** A request body only a model API takes: a model, chat messages, a prompt, embedding input, Gemini parts. */
// Or a request type named for a model API (`CompletionRequest(model, prompt, 0.1)`, `ChatCompletionRequest{...}`).
const MODEL_PAYLOAD = /\b(?:model|messages|prompt|contents|parts|inputs?|inputText|texts|instances)\b["']?\s*(?::(?!:)|=>|=(?![=>]))|\b(?:[A-Z]\w*)?(?:Completions?|Chat|Messages?|Prompt|GenerateContent|Embeddings?)Request(?:Data|Dto|DTO|Body|Payload|Params)?\b/;
/** Models run on the machine or a host of one's own (Ollama, LM Studio, Hugging Face transformers) unless a remote URL is in view. */
const LOOPBACK_URL = new RegExp(String.raw`\bhttps?:\/\/${OWN_HOST}`, "i");
/** Where a client is pointed: its base URL or endpoint (an ordinary `url` or `host` may be any service's). */
const ENDPOINT_SETTING = /(?:base_?url|baseURL|api_?base|apiBase|endpoint)\b/i;

/** The head of a function or method declaration, up to the name the call signature matched. */
const DECLARATION = /^\s*(?:export\s+)?(?:async\s+)?(?:def|function|fun|func|fn|sub)\s+\w+\s*\($|^\s*(?:(?:public|private|protected|internal|static|async|override|suspend|final|virtual|open)\s+)+\S+\s+\w+\s*\($/;

interface CallSite { index: number; call: RegExpExecArray; text: string; bracket: number }

/** AI calls on added lines, including chains broken over lines (`client.chat.completions` / `.create({`). */
function* callSites(diff: FileDiff): Generator<CallSite> {
  const seen = new Set<number>();
  for (const index of candidateLines(diff.added, CALL_SCAN)) {
    const text = diff.lines[index].text;
    const call = CALL_LINE.exec(text);
    if (!call) continue;
    seen.add(index);
    yield { index, call, text, bracket: call.index + call[0].length - 1 };
  }
  // Chains broken over lines are rare: look for them only where a chain word of an AI call appears at all.
  if (!CHAIN_WORD.test(diff.added.text)) return;
  for (const index of candidateLines(diff.added, CONTINUATION)) {
    if (seen.has(index)) continue;
    // Join the chain back to its head: the lines above that end without a statement end, or begin with a dot.
    const line = diff.lines[index];
    let joined = line.text.trimStart();
    for (let i = index - 1, steps = 0; i >= 0 && steps < 6; i--) {
      const above = diff.lines[i];
      if (above.kind === "-") continue;
      if (above.hunk !== line.hunk) break;
      const prev = above.text.trim();
      if (prev === "" || /[;{}]$/.test(prev) && !/^\./.test(joined)) break;
      joined = prev + joined;
      steps++;
      if (!/^\??\./.test(prev)) break;
    }
    const call = CALL_LINE.exec(joined);
    const tail = joined.length - line.text.trimStart().length;
    if (!call || call.index + call[0].length - 1 < tail) continue;
    const lead = line.text.length - line.text.trimStart().length;
    yield { index, call, text: joined, bracket: lead + (call.index + call[0].length - 1 - tail) };
  }
}

/** Literals with something interpolated (`"Hi #{name}"`, Dart's `'for $city'`) are not constants: they hold what is put in. */
const INTERPOLATED = /\$\{?[A-Za-z_]|#\{/;

function promptFacts(diff: FileDiff): PromptFacts {
  // A docstring's `prompt="..."` (its example arguments) defines no constant.
  const quoted = namesInTripleQuotes(diff);
  const constants = new Map([...readFileConstants(diff)].filter(([name, value]) => !INTERPOLATED.test(value) && !quoted.has(name)));
  return { assignments: readAssignments(diff), constants, parameters: new Set(), singleQuotesInterpolate: /\.dart$/i.test(diff.path), symbols: /\.(?:rb|rake|exs?)$|(?:^|\/)(?:Rakefile|Gemfile)$/i.test(diff.path), packages: importedPackages(diff), go: /\.go$/i.test(diff.path) };
}

/** A request's text with what the names in it hold, followed two assignments deep (at most 8,000 characters). */
function requestBody(raw: string, assignments: Map<string, string[]>): string {
  const parts = [raw];
  const seen = new Set<string>();
  let frontier = raw;
  for (let depth = 0; depth < 2 && frontier; depth++) {
    const next: string[] = [];
    for (const [name] of frontier.matchAll(/\b[A-Za-z_]\w*/g)) {
      if (seen.has(name)) continue;
      seen.add(name);
      for (const value of assignments.get(name) ?? []) next.push(value);
    }
    frontier = next.join("\n").slice(0, 8000);
    if (frontier) parts.push(frontier);
  }
  return parts.join("\n");
}

/** A request to a path of the app's own server (`fetch("/api/chat", ...)`, `axios.post(`/chat`)`): its backend calls the model. */
const OWN_PATH = /^\(\s*["'`]\/(?!\/)/;

/** Words every HTTP_POST alternative holds: a cheap test before the regex. */
const POST_WORD = /post|fetch|newrequest/i;

/** Unchanged HTTP calls of the file that pass a name the change assigns (the request's options or body). */
function unchangedPostsOfAddedValues(diff: FileDiff): number[] {
  const assigned = new Set<string>();
  for (const index of diff.added.indexes) {
    const text = diff.lines[index].text;
    const m = text.length <= 2000 && text.includes("=") ? ASSIGNMENT.exec(text) : null;
    if (m) assigned.add(m[1]);
  }
  if (assigned.size === 0) return [];
  const posts: number[] = [];
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind !== " " || line.text.length > 2000 || !POST_WORD.test(line.text) || !HTTP_POST.test(line.text)) continue;
    if ([...line.text.matchAll(/\b[A-Za-z_]\w*/g)].some(([name]) => assigned.has(name))) posts.push(i);
  }
  return posts;
}

/** Whether a removed line of the same hunk makes the same call (its receiver and method, compacted), within 40 lines. */
function callRewritten(diff: FileDiff, index: number, call: string): boolean {
  const wanted = compact(call.replace(/^[^.\w$]*/, ""));
  if (wanted.length < 8) return false;
  const { lines } = diff;
  for (let i = Math.max(0, index - 40); i <= Math.min(lines.length - 1, index + 40); i++) {
    const line = lines[i];
    if (line.kind === "-" && line.hunk === lines[index].hunk && line.text.length <= 2000 && compact(line.text).includes(wanted)) return true;
  }
  return false;
}

/**
 * A prompt template file of an AI feature: a template language's file (ERB, Jinja, Liquid, Handlebars, Mustache,
 * Nunjucks, a .prompt file) under a path that names prompts and an AI module (`app/services/ai/prompts/user/
 * ticket_summarize.txt.erb`, `llm/prompts/triage.j2`). Its text is what the feature sends the model. HTML templates are
 * pages, not prompts.
 */
const PROMPT_TEMPLATE_FILE = /(?<!\.html?|\.xml)\.(?:erb|j2|jinja2?|liquid|hbs|handlebars|mustache|njk|prompt|tmpl|tpl)$/i;
const PROMPT_PATH = /(?:^|[/_.-])prompts?(?:[/_.-]|$)/i;
const AI_MODULE_SEGMENT = /(?:^|\/)(?:ai|llms?|genai|gen_ai|gpt|openai|anthropic|claude|gemini|copilot|assistant|chatbot)(?:[/_.-])/i;
/** The expressions a template prints: ERB `<%= ... %>`, Jinja / Liquid / Handlebars / Mustache `{{ ... }}`. */
const TEMPLATE_OUTPUT = /<%=\s*([^%\n]{1,300}?)\s*-?%>|\{\{-?\s*([^{}\n]{1,300}?)\s*-?\}\}/g;
const TEMPLATE_STRING = /(["'])(?:\\.|(?!\1)[^\\\n])*\1/g;

/** The added line of a prompt template that prints people's data (a ticket's articles, a message's text) into the prompt. */
function promptTemplateData(diff: FileDiff): AiDataFlows | undefined {
  if (!PROMPT_TEMPLATE_FILE.test(diff.path) || !PROMPT_PATH.test(diff.path) || !AI_MODULE_SEGMENT.test(diff.path)) return undefined;
  for (const index of diff.added.indexes) {
    const line = diff.lines[index];
    if (line.text.length > 2000) continue;
    for (const m of line.text.matchAll(TEMPLATE_OUTPUT)) {
      const expression = (m[1] ?? m[2]).replace(TEMPLATE_STRING, "");
      if (AUTHORED.test(expression)) continue;
      if (DATA.test(expression) || DATA_CAMEL.test(expression)) {
        const vendor = moduleVendor(diff) ?? LANGCHAIN ?? AI[0];
        return { fixedCalls: 0, findings: [aiDataSent(diff, index, vendor.name)] };
      }
    }
  }
  return { findings: [], fixedCalls: 0 };
}

export function detectAiDataFlows(diff: FileDiff): AiDataFlows {
  const { kind, isTestOnly } = diff.fileClass;
  const template = isTestOnly ? undefined : promptTemplateData(diff);
  if (template) return template;
  const none: AiDataFlows = { findings: [], fixedCalls: 0 };
  // Dart (Flutter), Elixir and the script blocks of Vue, Svelte and Astro components are code the file classifier does not name.
  if (!isTestOnly && kind === "shell") return curlRequests(diff);
  if (isTestOnly || !(isCodeKind(kind) || /\.(?:dart|exs?|vue|svelte|astro)$/i.test(diff.path)) || !CALL.source) return none;
  let fixedCalls = 0;
  let facts: PromptFacts | undefined;
  let inFile: ThirdPartyService | undefined | null = null;
  const mentioned = () => (inFile === null ? (inFile = fileMentions(diff)) : inFile);
  const finding = (index: number, vendor: string): AiDataFlows => ({ fixedCalls, findings: [aiDataSent(diff, index, vendor)] });
  const hinted = candidateLines(diff.added, AI_HINT).length > 0;
  let chains: Map<string, ThirdPartyService> | undefined;
  const chainsInFile = () => (chains ??= hinted ? chainBindings(diff) : new Map());
  // A model on one's own machine: a self-hosted runtime (Ollama), or any client pointed at a loopback URL (an
  // OpenAI-compatible LM Studio or vLLM server, text-generation-inference behind InferenceClient), with no remote URL in view.
  let remote: boolean | undefined;
  let loopback: boolean | undefined;
  const localOnly = (service = mentioned()) => !(remote ??= diff.lines.some((l) => l.kind !== "-" && REMOTE_URL.test(l.text))) &&
    (service?.selfHosted === true || (loopback ??= diff.lines.some((l) => l.kind !== "-" && l.text.length <= 2000 && LOOPBACK_URL.test(l.text) && (ENDPOINT_SETTING.test(l.text) || CONSTRUCTOR_ANY.test(l.text)))));
  // Whether a call's argument carries data: by name or assignment, or failing that, a value the enclosing function was
  // given by its caller. A fixed argument is counted (an SDK used only with fixed prompts is a demo).
  const sendsData = (raw: string, index: number, counted = true): boolean => {
    facts ??= promptFacts(diff);
    facts.parameters = NO_PARAMETERS;
    if (carriesData(raw, facts, 0)) return true;
    // The content of the user's chat turn (`{"role": "user", "content": mensaje}`, an image part's `url: dataUrl`) is what
    // the person wrote or uploaded, whatever the name: a name not made in view and not fixed (one assigned in view was read above).
    const turn = userTurnContent(raw);
    if (turn !== undefined && [...dynamicPart(turn, facts.singleQuotesInterpolate, facts.symbols).matchAll(IDENTIFIER)].some(([name]) => !facts!.assignments.has(name.split(".")[0]) && !isFixed(name, facts!))) return true;
    if (!isFixed(raw, facts)) {
      facts.parameters = readParameters(diff, index);
      if (carriesData(raw, facts, 0)) return true;
    }
    if (counted) fixedCalls++;
    return false;
  };
  const callLines = new Set<number>();
  for (const site of callSites(diff)) {
    const { index, call } = site;
    callLines.add(index);
    if (COMMENT.test(diff.lines[index].text) || inBlockComment(diff, index)) continue;
    // A wrapper's own declaration (`def ask_gpt(message):`, `public String askGemini(String prompt) {`) names its
    // parameters; the calls of it are what send them.
    if (DECLARATION.test(site.text.slice(0, call.index + call[0].length))) continue;
    // The same call removed in its hunk (`client.responses.create(parameters: {...})` rewritten to take a `request_params`
    // built above it): the request was already sent; a refactoring of how, not a new flow of data.
    if (callRewritten(diff, index, call[0])) continue;
    const raw = argumentText(diff, index, site.bracket);
    const argument = raw;
    // Ambiguous signatures (Twilio also has messages.create) count only with an AI argument or an AI client in view.
    if (AMBIGUOUS_CALL.test(call[0]) && !LLM_RECEIVER.test(call[0]) && !AI_ARGUMENT.test(argument) && !COHERE_CHAT_MESSAGE.test(call[0] + argument) && !mentioned() && !serviceFrom(MODEL_BY_SERVICE, argument) && !chainsInFile().has(/^\s*(\w+)\./.exec(call[0])?.[1] ?? "")) continue;
    if (!sendsData(raw, index)) continue;
    const service = serviceFrom(MODEL_BY_SERVICE, argument) ?? mentioned() ?? serviceFrom(CALL_BY_SERVICE, site.text.slice(call.index));
    // A model on one's own machine receives nobody's data.
    if (localOnly(service)) { fixedCalls++; continue; }
    return finding(index, service?.name ?? "AI provider");
  }
  // An unchanged AI call whose request the change rewrites (`prompt: prompt,` added inside `openai.createCompletion({`):
  // what the added lines put into it is sent, though the call is not new.
  if (PROMPT_KEY.test(diff.added.text)) {
    for (const index of diff.added.indexes) {
      const text = diff.lines[index].text;
      if (callLines.has(index) || text.length > 2000 || !PROMPT_KEY.test(text) || COMMENT.test(text) || inBlockComment(diff, index)) continue;
      const call = enclosingCall(diff, index);
      if (!call || diff.lines[call.line].kind !== " " || callLines.has(call.line)) continue;
      callLines.add(call.line);
      const site = CALL_LINE.exec(diff.lines[call.line].text);
      if (!site) continue;
      const bracket = site.index + site[0].length - 1;
      const whole = argumentText(diff, call.line, bracket);
      if (AMBIGUOUS_CALL.test(site[0]) && !AI_ARGUMENT.test(whole) && !mentioned()) continue;
      const added = argumentText(diff, call.line, bracket, true);
      if (!added.trim() || !sendsData(added, index, false)) continue;
      const service = serviceFrom(MODEL_BY_SERVICE, whole) ?? mentioned() ?? serviceFrom(CALL_BY_SERVICE, site[0]);
      if (localOnly(service)) continue;
      return finding(index, service?.name ?? "AI provider");
    }
  }
  // Any sending call on a client the file makes (`chat.send_message(text)`, `model.generate(userMessage)`), whatever the
  // method: the receiver says it is a model.
  let agentFramework: boolean | undefined;
  // A provider's name inside a helper's (`CallOpenAI`, `generateWithClaude`) is no word of its own: look for helpers then too.
  const clients = hinted ? new Map([...typedClients(diff, mentioned() ?? LANGCHAIN ?? AI[0]), ...clientBindings(diff), ...chainsInFile()])
    : HELPER_WORD.test(diff.added.text) ? new Map<string, ThirdPartyService>() : undefined;
  if (clients) {
    for (const index of diff.added.indexes) {
      const line = diff.lines[index];
      if (callLines.has(index) || line.text.length > 2000 || COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
      // Member calls with a sending method on any client; a chain may also be called itself (`chain(question)`).
      // A send through a provider-named helper (`helper`) is weaker evidence: a fixed prompt to it does not make the SDK a demo.
      const sends: Array<{ service: ThirdPartyService; bracket: number; helper?: boolean; client?: string }> = [];
      MEMBER_CALL.lastIndex = 0;
      for (let m = MEMBER_CALL.exec(line.text); m; m = MEMBER_CALL.exec(line.text)) {
        // The receiver, or the member it is reached through (`h.OpenAI.Completion(...)`, `self.claude_client.ask(q)`).
        const member = m[2] === "" ? undefined : LAST_MEMBER.exec(m[2])?.[1];
        const named = PROVIDER_RECEIVER.test(m[1]) ? m[1] : member !== undefined && PROVIDER_RECEIVER.test(member) ? member : undefined;
        const helper = providerHelper(m[3]);
        const service = clients.get(m[1]) ?? (named !== undefined ? mentioned() ?? vendorNamed(named) : undefined) ??
          (helper ? mentioned() ?? vendorNamed(m[3]) : undefined) ??
          (AGENT_RECEIVER.test(m[1]) && AGENT_METHOD.test(m[3]) && m[2] === "" && (agentFramework ??= AGENT_FRAMEWORK.test(diff.lines.map((l) => l.kind === "-" ? "" : l.text).join("\n"))) ? mentioned() ?? LANGCHAIN : undefined);
        if (service && (SENDING_METHOD.test(m[3]) || helper) && !RESOURCE_CHAIN.test(m[2]) && !declaresAt(line.text, m.index)) sends.push({ service, bracket: m.index + m[0].length - 1, helper: helper && !clients.has(m[1]) && named === undefined });
      }
      if (chainsInFile().size > 0 || HELPER_WORD.test(line.text)) {
        BARE_CALL.lastIndex = 0;
        for (let m = BARE_CALL.exec(line.text); m; m = BARE_CALL.exec(line.text)) {
          const chain = chainsInFile().get(m[1]);
          const service = chain ?? (providerHelper(m[1]) && !declaresAt(line.text, m.index) ? mentioned() ?? vendorNamed(m[1]) : undefined);
          if (service) sends.push({ service, bracket: m.index + m[0].length - 1, helper: chain === undefined });
        }
      }
      // A project's helper handed the client first and the text after it (`GenerateText(client, content)`,
      // `summarize(openai, ticket.body)`): it sends that text with the client. The client itself is no one's data.
      if (clients.size > 0 && line.text.includes(",")) {
        CLIENT_FIRST_CALL.lastIndex = 0;
        for (let m = CLIENT_FIRST_CALL.exec(line.text); m; m = CLIENT_FIRST_CALL.exec(line.text)) {
          const service = clients.get(m[2]);
          if (!service || !sendingName(m[1]) || declaresAt(line.text, m.index)) continue;
          sends.push({ service, bracket: m.index + m[0].indexOf("("), helper: true, client: m[2] });
        }
      }
      for (const { service, bracket, helper, client } of sends) {
        const text = argumentText(diff, index, bracket);
        const raw = client === undefined ? text : text.replace(new RegExp(`(?<![\\w.])${client}\\b`), " ");
        if (!sendsData(raw, index, !helper)) continue;
        if (localOnly(service)) { if (!helper) fixedCalls++; continue; }
        return finding(index, service.name);
      }
    }
  }
  // A LangChain chain built on a provider's chat model (`create_history_aware_retriever(llm, retriever, prompt)`,
  // `LLMChain(llm=llm, prompt=prompt)`) with a prompt whose human turn has a slot (`("human", "{input}")`): the chain puts
  // the user's input into that turn and sends it to the model, wherever it is invoked.
  if (clients && clients.size > 0 && HUMAN_SLOT.test(diff.lines.map((l) => (l.kind === "-" || l.text.length > 2000 ? "" : l.text)).join("\n"))) {
    for (const index of diff.added.indexes) {
      const text = diff.lines[index].text;
      if (text.length > 2000 || COMMENT.test(text) || !/hain|retriever|agent/i.test(text) || inBlockComment(diff, index)) continue;
      for (const m of text.matchAll(CHAIN_BUILD)) {
        if (!/chain|retriever|agent|RetrievalQA/i.test(m[1]) || declaresAt(text, m.index!)) continue;
        const args = argumentText(diff, index, m.index! + m[0].length - 1);
        const service = [...args.matchAll(/\b[A-Za-z_]\w*/g)].map(([name]) => clients.get(name)).find((s) => s !== undefined);
        if (service && !localOnly(service)) return finding(index, service.name);
      }
    }
  }
  // A file named for a provider (app/services/openai_service.rb, gemini_client.py) wraps its client: the file's own sending
  // methods called on itself (`ask(prompt)`, `self.generate(text)`) hand what they are given to that provider.
  const own = serviceFrom(VENDOR_MENTION, diff.path.slice(diff.path.lastIndexOf("/") + 1).replace(/[_-]/g, ""));
  if (own && !localOnly(own)) {
    for (const index of diff.added.indexes) {
      const line = diff.lines[index];
      if (callLines.has(index) || line.text.length > 2000 || COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
      SELF_CALL.lastIndex = 0;
      for (let m = SELF_CALL.exec(line.text); m; m = SELF_CALL.exec(line.text)) {
        if (!SENDING_METHOD.test(m[1].replace(/^_+/, "")) || declaresAt(line.text, m.index) || DECLARATION.test(line.text.slice(0, m.index + m[0].length))) continue;
        if (sendsData(argumentText(diff, index, m.index + m[0].length - 1), index, false)) return finding(index, own.name);
      }
    }
  }
  // A user turn built positionally (openai-java's `new ChatMessage("user", text)`, `new ChatMessage(ChatMessageRole.USER.value(),
  // prompt)`) is an SDK's message, made to be sent: with a variable content, in a file that names a provider.
  if (diff.added.text.includes("Message")) {
    for (const index of diff.added.indexes) {
      const line = diff.lines[index];
      if (line.text.length > 2000 || !line.text.includes("Message") || COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
      const turn = POSITIONAL_USER_TURN.exec(line.text);
      if (!turn) continue;
      // The content is the rest of the message's arguments, across lines (a long prompt template runs past the line).
      const args = argumentText(diff, index, turn.index + turn[0].indexOf("("));
      const value = args.slice(args.indexOf(",") + 1);
      facts ??= promptFacts(diff);
      facts.parameters = NO_PARAMETERS;
      if (isFixed(value, facts)) continue;
      const service = mentioned();
      if (!service || localOnly(service)) continue;
      return finding(index, service.name);
    }
  }
  // A user's chat turn with a variable content handed to a chat-completion call, or to any call of an LLM integration.
  if (diff.added.text.includes("role")) {
    for (const index of diff.added.indexes) {
      const line = diff.lines[index];
      if (line.text.length > 2000 || !line.text.includes("user") || !USER_TURN.test(line.text) || COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
      // The content on the same line after the role, or on the lines next to it (either order of the keys).
      let value: string | undefined;
      for (let i = index; i <= index + 3 && i < diff.lines.length && value === undefined; i++) {
        const near = diff.lines[i];
        if (near.hunk !== line.hunk || near.kind === "-" || near.text.length > 2000) continue;
        value = TURN_CONTENT.exec(i === index ? line.text.slice(USER_TURN.exec(line.text)!.index) : near.text)?.[1];
      }
      // `{"content": text, "role": "user"}`: the content before the role on its line.
      if (value === undefined) value = /["']?\bcontent["']?\s*(?::|=>|=)\s*([^,\n]{1,200}),/.exec(line.text.slice(0, USER_TURN.exec(line.text)!.index))?.[1];
      if (value === undefined && index > 0 && diff.lines[index - 1].kind !== "-" && diff.lines[index - 1].hunk === line.hunk) value = TURN_CONTENT.exec(diff.lines[index - 1].text.slice(0, 2000))?.[1];
      value = value?.replace(/[\s,;)}\]]+$/, "");
      if (!value || /^[\[{]?$/.test(value)) continue;
      facts ??= promptFacts(diff);
      facts.parameters = NO_PARAMETERS;
      if (isFixed(value, facts)) continue;
      const call = enclosingCall(diff, index);
      // No call around the turn: messages built and returned as an LLM SDK's message type are built to be sent.
      if (!call && chatMessagesTyped(diff, index)) {
        const service = mentioned();
        if (localOnly(service)) continue;
        return finding(index, service?.name ?? "AI provider");
      }
      if (!call || callLines.has(call.line) || CALL_LINE.test(diff.lines[call.line].text)) continue;
      const last = call.callee.split(".").pop()!;
      if (NOT_SENDING_CALLEE.test(last) || !(CHAT_CALLEE.test(last) || AI_MODULE_PATH.test(diff.path))) continue;
      const service = mentioned() ?? serviceFrom(VENDOR_MENTION, call.callee.replace(/_/g, ""));
      if (localOnly(service)) continue;
      return finding(index, service?.name ?? "AI provider");
    }
  }
  // A model API called over plain HTTP (Faraday, fetch, requests) from a file about an AI provider: an added call, or an
  // unchanged one sending a request the change builds (`const options = { body: ... }` added above `fetch(url, options)`).
  const added = candidateLines(diff.added, HTTP_POST_SCAN);
  // Unchanged calls are looked for only where the added lines hint at AI (most files do not).
  const posts = hinted ? [...added, ...unchangedPostsOfAddedValues(diff)] : added;
  // With no provider named in the file, a model request's body names one by its model (`model: "gpt-4o-mini"` to an
  // endpoint read from configuration), unless it goes to a path of the app's own server (`fetch("/api/chat", ...)`).
  // A file named for a provider (gemini.provider.ts, openai_client.py) posts to that provider's API, wherever its URL comes from.
  const named = posts.length > 0 ? mentioned() ?? own : undefined;
  if (posts.length > 0 && (named ? !localOnly(named) : hinted)) {
    for (const index of posts) {
      const line = diff.lines[index];
      if (COMMENT.test(line.text) || inBlockComment(diff, index)) continue;
      const post = HTTP_POST.exec(line.text);
      if (!post) continue;
      // The request's builder chain below (`.json(&payload)`, `.body(body.to_string())`) carries the body too.
      const raw = (post[0].endsWith("(") ? argumentText(diff, index, post.index + post[0].length - 1) : "") + chainContinuation(diff, index) + requestBlock(diff, index);
      facts ??= promptFacts(diff);
      facts.parameters = readParameters(diff, index);
      // The body is often a variable assigned above, itself made of another (Go's `data, _ := json.Marshal(reqBody)`):
      // read what the names in the call hold, two assignments deep.
      const body = requestBody(raw, facts.assignments);
      if (!MODEL_PAYLOAD.test(body)) continue;
      const service = named ?? (OWN_PATH.test(raw) ? undefined : serviceFrom(MODEL_BY_SERVICE, body));
      if (!service || (!named && localOnly(service))) continue;
      // A model request that carries nobody's data (a fixed question) is a demo, like an SDK call with a fixed prompt.
      if (!carriesData(raw, facts, 0)) { fixedCalls++; continue; }
      return finding(index, service.name);
    }
  }
  // Listing the provider's models (openai.Model.list(), client.models.list(), listModels()) is a connectivity check: it sends no one's text.
  for (const text of diff.added.texts) if (text.length <= 2000 && MODEL_LISTING.test(text) && !COMMENT.test(text)) fixedCalls++;
  return { findings: [], fixedCalls };
}
const MODEL_LISTING = /\.\s*(?:Model|models)\s*\.\s*list\s*\(|\.\s*listModels\s*\(/;
