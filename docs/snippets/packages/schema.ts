import { validateCheckBody } from "@checks-api/schema";

const result = validateCheckBody({ timeout: 30 }, { compat: "live" });
console.log(result); // { success: false, error: "json validation error: timeout is too small" }
