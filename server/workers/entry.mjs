// Piscina loads this file in each thread of the pool (server/lib/worker-pool.ts). The server runs its
// TypeScript through tsx (npm start, the tests), whose hooks a worker thread does not inherit: they are
// registered here for this thread before its tasks load.
import { register } from "tsx/esm/api"

register()
const { runTask } = await import("./tasks.ts")
export default runTask
