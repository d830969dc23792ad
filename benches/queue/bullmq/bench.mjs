// node bench.mjs JOBS CONCURRENCY [REDIS_URL]: pushes JOBS no-op jobs with addBulk (1,000 a
// call, as queue-bench pushes its batches), processes them with a no-op worker at CONCURRENCY,
// and prints one JSON line like queue-bench's.
import { Queue, Worker } from 'bullmq'
import IORedis from 'ioredis'

const jobs = Number(process.argv[2] ?? 100000)
const concurrency = Number(process.argv[3] ?? 8)
const url = process.argv[4] ?? 'redis://127.0.0.1:6379'
const connection = new IORedis(url, { maxRetriesPerRequest: null })
const stats = new IORedis(url)
const name = `bench-bullmq-${process.pid}`

async function commandsProcessed() {
  const info = await stats.info('stats')
  return Number(/total_commands_processed:(\d+)/.exec(info)[1])
}

const queue = new Queue(name, { connection })
const before = await commandsProcessed()
const started = performance.now()
for (let i = 0; i < jobs; i += 1000) {
  const batch = []
  for (let k = i; k < Math.min(i + 1000, jobs); k++) batch.push({ name: 'noop', data: { runId: k + 1 } })
  await queue.addBulk(batch)
}
const pushed = performance.now()

let done = 0
let finish
const finished = new Promise((resolve) => (finish = resolve))
const worker = new Worker(name, async () => {}, { connection, concurrency })
worker.on('completed', () => {
  if (++done === jobs) finish()
})
await finished
const processed = performance.now()
const commands = (await commandsProcessed()) - before
await worker.close()
await queue.obliterate({ force: true })
await queue.close()
await connection.quit()
await stats.quit()

const total = (processed - started) / 1000
console.log(
  JSON.stringify({
    system: 'bullmq',
    jobs,
    concurrency,
    pushSeconds: +((pushed - started) / 1000).toFixed(3),
    processSeconds: +((processed - pushed) / 1000).toFixed(3),
    jobsPerSecond: Math.round(jobs / total),
    commandsPerJob: +(commands / jobs).toFixed(2),
  }),
)
