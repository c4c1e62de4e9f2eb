import { useEffect } from 'react'

/** The window title names the screen (also what screen readers announce on navigation). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} — OKF Hub` : 'OKF Hub'
  }, [title])
}
