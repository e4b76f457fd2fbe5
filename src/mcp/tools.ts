import { z } from 'zod';
import { AppError } from '../kernel/errors.js';
import { parseJsonBounded } from '../kernel/json-depth.js';
import { parseInput, type ClientInfo, type Operation, type TextResult } from '../kernel/operation.js';

/**
 * MCP tools generated from the declared operations that carry an `mcp` name: the tool's input
 * is the operation's path params, query and body (merged, or the body under `mcpBodyKey`), and
 * calling it runs the same parse + handler as the REST route.
 */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  op: Operation;
  /** The operation's path params under their tool names, built once. */
  params: z.ZodObject | undefined;
}

const shapeOf = (s: unknown): Record<string, z.ZodType> => (s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : {});

/**
 * Path parameters whose tool input is named differently from the REST path (SPEC's
 * `{idOrSlug}`, `{idOrCode}`): the names the existing AppMate MCP tools use (WIRE.md A.1), so
 * agents and prompts written for those tools work with ours unchanged. `ideaId`, `commentId`
 * already match.
 */
export const MCP_PARAM_NAMES: Record<string, string> = { idOrSlug: 'appIdOrSlug', idOrCode: 'linkIdOrCode' };
const toolName = (param: string) => MCP_PARAM_NAMES[param] ?? param;
/** The operation's path params under their tool names (so validation errors name the tool input). */
const toolParams = (op: Operation) => (op.params ? z.object(Object.fromEntries(Object.entries(shapeOf(op.params)).map(([k, v]) => [toolName(k), v]))) : undefined);

function toolInputSchema(op: Operation, params: z.ZodObject | undefined): z.ZodObject {
  const shape: Record<string, z.ZodType> = { ...shapeOf(params), ...shapeOf(op.query) };
  if (op.body) {
    if (op.mcpBodyKey) shape[op.mcpBodyKey] = op.body.describe(op.body.description ?? 'The full object, as in the REST body.');
    else Object.assign(shape, shapeOf(op.body));
  }
  return z.object(shape);
}

export function buildTools(ops: Operation[]): McpTool[] {
  return ops
    .filter((op) => op.mcp && op.auth === 'owner')
    .map((op) => {
      const params = toolParams(op);
      return {
        name: op.mcp!,
        description: [op.summary, op.description, `REST: ${op.method} ${op.path.replace(/:(\w+)/g, '{$1}')}`].filter(Boolean).join('\n\n'),
        inputSchema: z.toJSONSchema(toolInputSchema(op, params), { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
        op,
        params,
      };
    });
}

/** Splits tool arguments back into params / query / body and runs the operation. */
export async function callTool(tool: McpTool, args: Record<string, unknown>, accountId: string) {
  const { op } = tool;
  const pick = (s: unknown) => Object.fromEntries(Object.keys(shapeOf(s)).filter((k) => k in args).map((k) => [k, args[k]]));
  const params = pick(tool.params);
  const query = pick(op.query);
  let body: unknown;
  if (op.body) {
    if (op.mcpBodyKey) {
      body = args[op.mcpBodyKey];
      // Agents sometimes pass the object as a JSON string; accept it like the REST clients do.
      if (typeof body === 'string') {
        try {
          body = parseJsonBounded(body);
        } catch {
          /* leave it: validation reports "expected object, received string" */
        }
      }
    } else {
      // The REST names of renamed params are not body fields either (an agent mixing the names).
      const taken = new Set([...Object.keys(params), ...Object.keys(query), ...Object.keys(MCP_PARAM_NAMES)]);
      body = Object.fromEntries(Object.entries(args).filter(([k]) => !taken.has(k)));
    }
  }
  const input = parseInput({ ...op, params: tool.params }, { params, query, body });
  // Back to the REST names the handler reads.
  if (input.params) input.params = Object.fromEntries(Object.keys(shapeOf(op.params)).map((k) => [k, input.params[toolName(k)]]));
  const client: ClientInfo = { ipHash: 'mcp', userAgent: 'mcp', country: null };
  return op.handler(input, { accountId, client });
}

const MAX_TEXT = 5 * 1024 * 1024;

/** JSON results as text; CSV exports collected (up to 5 MiB) and wrapped as `{ csv }` like the REST MCP client does. */
export async function toolResult(value: unknown) {
  if (value && typeof value === 'object' && (value as TextResult).kind === 'text') {
    const { body } = value as TextResult;
    let text = '';
    if (typeof body === 'string') text = body;
    else {
      for await (const chunk of body) {
        text += String(chunk);
        if (text.length > MAX_TEXT) throw new AppError(413, 'Export too large for a tool result; use the REST endpoint');
      }
    }
    return { content: [{ type: 'text' as const, text: JSON.stringify({ csv: text }) }] };
  }
  return { content: [{ type: 'text' as const, text: JSON.stringify(value ?? { ok: true }, null, 2) }] };
}

export function toolError(err: unknown) {
  const body = err instanceof AppError ? { status: err.status, ...err.body() } : { status: 500, error: 'Internal error' };
  return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(body) }] };
}
