import { Component, type ErrorInfo, type ReactNode } from "react"
import { ErrorPage } from "./ErrorPage.tsx"

interface Props {
  readonly children: ReactNode
  /** Changing it (the path) clears a caught error, so navigation leaves the error page. */
  readonly resetKey: string
}

/** A render error below shows the 500 page instead of a blank screen. */
export class ErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null }

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: "" }
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | null }) {
    if (state.failedAt === "") return { failedAt: props.resetKey }
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null }
    return null
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack)
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <ErrorPage status={500} />
  }
}
