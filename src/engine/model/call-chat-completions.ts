// One chat-completions request to an OpenAI-compatible endpoint, bounded by a timeout and retried with
// exponential backoff on 429, 5xx, timeouts and network errors.
import type { ModelEndpoint } from "../types.js";

export class ModelCallError extends Error {
  constructor(message: string, readonly status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ModelCallError";
  }
}

export interface ChatCompletion {
  content: string;
  promptTokens?: number;
  completionTokens?: number;
}

export interface CallLimits {
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 429 || status >= 500;

export async function callChatCompletions(endpoint: ModelEndpoint, body: unknown, limits: CallLimits): Promise<ChatCompletion> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let lastError: ModelCallError | undefined;
  for (let attempt = 0; attempt <= limits.maxRetries; attempt++) {
    if (attempt > 0) await sleep(limits.retryBaseDelayMs * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(limits.timeoutMs),
      });
    } catch (error) {
      lastError = new ModelCallError(`model request failed: ${(error as Error).name === "TimeoutError" ? "timeout" : (error as Error).message}`, undefined, { cause: error });
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      lastError = new ModelCallError(`model endpoint answered ${response.status}`, response.status);
      if (retryable(response.status)) continue;
      throw lastError;
    }
    let payload: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    try {
      payload = (await response.json()) as typeof payload;
    } catch (error) {
      throw new ModelCallError("model endpoint answered with invalid JSON", response.status, { cause: error });
    }
    const content = payload.choices?.[0]?.message?.content;
    return {
      content: typeof content === "string" ? content : "",
      promptTokens: payload.usage?.prompt_tokens,
      completionTokens: payload.usage?.completion_tokens,
    };
  }
  throw lastError ?? new ModelCallError("model request failed");
}
