import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from './context';
import type { Tx } from './db/database';
import type { JobDefinition } from './jobs/scheduler';
import type { SettingsArea } from './settings-area';

/** A group of routes in the OpenAPI description (/docs). */
export interface OpenApiTag {
  name: string;
  description: string;
}

/**
 * Work a module declares (recurring with a `schedule`, or enqueued): the app hands every module's
 * jobs to the one scheduler (`platform/jobs`). A job may run on any replica and again after a
 * crash, so its handler must be idempotent.
 */
export type ModuleJob = JobDefinition<never>;

/** Registers routes on an encapsulated Fastify instance. */
export type RouteRegistration = (app: FastifyInstance, ctx: PlatformContext) => void | Promise<void>;

/** A plugin made for one context: what a module's `xRoutes(ctx)` answers. */
export type RoutePlugin = (app: FastifyInstance) => void | Promise<void>;

/**
 * What a product area tells the app about itself. Each module exports one (`modules/<x>/module.ts`)
 * and `modules/index.ts` lists them once; the app, the seed, the test app and the OpenAPI
 * description take that list, so adding an area touches no central file but the list.
 */
export interface ServerModule {
  /** The folder name: `modules/<name>`. */
  name: string;
  /** The OpenAPI group of its routes; modules whose routes use another module's tag leave it out. */
  openApiTag?: OpenApiTag;
  /**
   * The tables it owns (its `schema.ts`, imported as a namespace). No other module reads or writes
   * them: they call this module's service. drizzle-kit reads every `modules/<x>/schema.ts`.
   */
  tables?: Record<string, unknown>;
  /**
   * Hooks on the root instance, before any routes (they see every request, including other
   * modules' routes): the player access gate. Most modules have none.
   */
  install?: (app: FastifyInstance, ctx: PlatformContext) => void | Promise<void>;
  /** Player-facing (and public) routes, in their own encapsulated plugin. */
  routes?: RouteRegistration;
  /** Operator routes, registered inside the operator API's bearer-token scope (`request.operatorActor` is set). */
  operatorRoutes?: RouteRegistration;
  /** Puts what the demo merchant needs in place; idempotent (adds only what is missing). */
  seed?: (tx: Tx, merchant: { id: number }) => Promise<void>;
  /** Its jobs, made for the app's context (the handlers use its database and clock). */
  jobs?: (ctx: PlatformContext) => readonly ModuleJob[];
  /** Its per-merchant settings (one document per merchant in the settings module), with their defaults. */
  settings?: SettingsArea;
}
