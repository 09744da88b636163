import { relative } from "node:path"
import type { Reporter, TestCase } from "vitest/node"

/**
 * Names every test that passed only on a retry (the browser project retries a failed test once), at
 * the run's end and on a line `.ci/run` repeats in its summary: a retry keeps a run green through
 * one lost race under load, and this keeps that race in sight instead of hiding it.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = []

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic()
    if (testCase.result().state === "passed" && diagnostic && diagnostic.retryCount > 0) {
      this.retried.push(`${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName} (passed on try ${diagnostic.retryCount + 1})`)
    }
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return
    console.log(`\nPassed only on retry (${this.retried.length}):`)
    for (const line of this.retried) console.log(`  RETRIED ${line}`)
  }
}
