-- wrk script: GET /v1/inventory with the API key.
-- usage: wrk ... -s get.lua http://127.0.0.1:PORT/v1/inventory -- KEY
-- It defines no request() or response() hook, so wrk sends one pre-built request at full speed.
function init(args)
   wrk.headers["Authorization"] = "Bearer " .. (args[1] or "secret")
end

-- one line for benchmark.sh; wrk counts HTTP status > 399 as status errors
function done(summary, latency, requests)
   local e = summary.errors
   local seconds = summary.duration / 1e6
   io.write(string.format(
      "WRK requests=%d ok_rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d sockerr=%d\n",
      summary.requests, (summary.requests - e.status) / seconds,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
      e.status, e.connect + e.read + e.write + e.timeout))
end
