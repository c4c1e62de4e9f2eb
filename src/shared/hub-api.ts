/** Types that cross the IPC boundary between main, preload and renderer. */
export interface HubInfo {
  product: string
  platform: string
}
