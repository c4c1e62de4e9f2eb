/* global setImmediate */
// Loaded with `node --require` into a door under test (test/stray-errors.test.ts): on SIGUSR2 it
// raises what a misbehaving library would — a rejected promise nobody awaits, or an exception
// thrown from a callback — chosen by OKF_TEST_STRAY. Never shipped.
process.on('SIGUSR2', () => {
  if (process.env.OKF_TEST_STRAY === 'exception')
    setImmediate(() => {
      throw new Error('injected stray exception')
    })
  else void Promise.reject(new Error('injected stray rejection'))
})
