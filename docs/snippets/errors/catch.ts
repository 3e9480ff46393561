import {
  AuthenticationError,
  BadRequestError,
  CheckLimitError,
  ChecksApiError,
  ChecksClient,
  ConflictError,
  NotFoundError,
} from "@checks-api/sdk";

const client = new ChecksClient(); // CHECKS_API_KEY and CHECKS_API_URL

try {
  const check = await client.checks.create({ name: "Nightly backups", timeout: 86_400 });
  await client.checks.resume(check.uuid); // not paused: 409
} catch (error) {
  if (error instanceof BadRequestError) {
    console.error(`invalid: ${error.errorText}`); // e.g. "json validation error: timeout is too small"
  } else if (error instanceof CheckLimitError) {
    console.error("the account has no check left");
  } else if (error instanceof AuthenticationError) {
    console.error("wrong or missing API key (or a read-only key on a write endpoint)");
  } else if (error instanceof ConflictError || error instanceof NotFoundError) {
    console.error(`${error.status} ${error.errorText ?? ""} on ${error.method} ${error.path}`);
  } else if (error instanceof ChecksApiError) {
    console.error(error.message); // every SDK error: status, method and path, secrets masked
  } else {
    throw error;
  }
}
