import { OPERATION_LIST, type OperationDefinition } from '@commflow/contract';
import { allowWithHead } from './head.js';

interface Node {
  readonly children: Map<string, Node>;
  param: { name: string; node: Node } | undefined;
  readonly methods: Map<string, OperationDefinition>;
}

const node = (): Node => ({ children: new Map(), param: undefined, methods: new Map() });

/** The outcome of matching a request path and method. */
export type RouteMatch =
  | { kind: 'operation'; op: OperationDefinition; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/**
 * A segment trie over the registry's path templates, built once. Matching costs one map lookup
 * per path segment, whatever the number of operations: msw and the Node adapter both hand every
 * request to this one router instead of trying handlers one by one.
 *
 * @example
 * ```ts
 * const router = Router.fromRegistry();
 * router.match('GET', '/api/v1/ai/agents/3f1c…'); // { kind: 'operation', op, params: { id } }
 * ```
 */
export class Router {
  readonly #root = node();

  add(op: OperationDefinition): void {
    let current = this.#root;
    for (const segment of op.path.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param !== null) {
        const name = param[1] ?? '';
        current.param ??= { name, node: node() };
        current = current.param.node;
      } else {
        let child = current.children.get(segment);
        if (child === undefined) {
          child = node();
          current.children.set(segment, child);
        }
        current = child;
      }
    }
    current.methods.set(op.method, op);
  }

  match(method: string, pathname: string): RouteMatch {
    const segments = pathname.split('/');
    let current: Node | undefined = this.#root;
    const params: Record<string, string> = {};
    for (let i = 1; i < segments.length && current !== undefined; i++) {
      const segment = segments[i] ?? '';
      const child: Node | undefined = current.children.get(segment);
      if (child !== undefined) {
        current = child;
      } else if (current.param !== undefined && segment !== '') {
        params[current.param.name] = safeDecode(segment);
        current = current.param.node;
      } else {
        current = undefined;
      }
    }
    if (current === undefined || segments[0] !== '' || current.methods.size === 0) return { kind: 'not-found' };
    const op = current.methods.get(method);
    if (op !== undefined) return { kind: 'operation', op, params };
    return { kind: 'method-not-allowed', allow: allowWithHead(current.methods.keys()) };
  }

  /** A router over every operation of the contract's registry. */
  static fromRegistry(): Router {
    const router = new Router();
    for (const op of OPERATION_LIST) router.add(op);
    return router;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Left encoded: path validation rejects it with a 400 rather than the router throwing.
    return segment;
  }
}

/** The one router of the registry; built at first use and shared by every mock. */
let shared: Router | undefined;
export const registryRouter = (): Router => (shared ??= Router.fromRegistry());
