-- Loaded by the wrk scripts (get.lua, patch.lua): their done() hook, the one line that benchmark.sh reads.
-- wrk counts HTTP status > 399 as status errors.
function done(summary, latency, requests)
   local e = summary.errors
   local seconds = summary.duration / 1e6
   io.write(string.format(
      "WRK requests=%d ok_rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d sockerr=%d\n",
      summary.requests, (summary.requests - e.status) / seconds,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
      e.status, e.connect + e.read + e.write + e.timeout))
end
