/**
 * `@checks-api/fake-server`: the Checks Management API v3 in memory, with a
 * virtual clock, for tests (in-process, msw, undici) and as a local server.
 * @module @checks-api/fake-server
 */
export {
  FakeServer,
  type FakeServerOptions,
  type ProjectInit,
  type ProjectInfo,
  type ChannelInit,
  type ChannelInfo,
  type ResolvedOptions,
  type ServiceLimits,
  type AccountLimits,
  type FakeServerClock,
  type FaultSpec,
  type AnswerFate,
  type JournalEntry,
  type JournalFilter,
  type Operation,
  type FakeState,
  type PingState,
  type EmailOutcome,
  type InboundEmail,
  type ChangeTarget,
  type DeliveryRecord,
  type NotificationOptions,
  type NotificationFilter,
  type SentEmail,
  type SentRequest,
  type StatusChange,
  type SmtpListenOptions,
  type RunningSmtpServer,
} from "./fake-server.js";
export type { NotificationSettings } from "./model/service.js";
export type { ClockInput } from "./model/clock.js";
export type { ControlOptions } from "./options.js";
export type { ControlSettings } from "./model/service.js";
export { StateDocumentError } from "./model/state-validation.js";
export type { ChannelSettings, CreateCheckInput, KnownChannelKind } from "@checks-api/schema/lite";
export type { Directions, TypedChannel } from "./model/kinds/kind.js";
export type { WebhookTarget } from "./model/kinds/webhook.js";
export { channels, VENDOR_KINDS, type ChannelBuilders, type VendorKind } from "./model/kinds/registry.js";
export { OPERATIONS } from "./http/router.js";
export type { KeyKind } from "./model/store.js";
export { listen, type ListenOptions, type RunningServer } from "./adapters/node-http.js";
export { mswHandlers, type MswHandlersOptions } from "./adapters/msw.js";
export { createDispatcher, FakeDispatcher } from "./adapters/undici-dispatcher.js";
export { FakeServerClient, FakeServerControlError, type FakeServerClientOptions } from "./control/client.js";
export { DEFAULT_CONTROL_PREFIX } from "./control/routes.js";
