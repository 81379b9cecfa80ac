-- wrk script: POST /v1/inventory/{petId}/adjustments {"delta": d} with the API key, petId uniform in 1..N, d either
-- +2 (an arrival) or -1 (a sale), as many of each: the counts drift up, so after the first moments hardly a sale finds
-- no stock (a 409 INSUFFICIENT_STOCK counts as non2xx).
-- usage: wrk ... -s adjust.lua http://127.0.0.1:PORT -- KEY N
-- 4096 requests are built per thread in init() and sent in turn, so wrk spends one table lookup per request.
local requests, count, next_index = {}, 0, 0

function setup(thread)
   thread_number = (thread_number or 0) + 1
   thread:set("seed", thread_number)
end

function init(args)
   local items = tonumber(args[2] or "100")
   local headers = {
      ["Authorization"] = "Bearer " .. (args[1] or "secret"),
      ["Content-Type"] = "application/json",
   }
   math.randomseed(os.time() * 1000 + (seed or 0) * 7919)
   for k = 1, 4096 do
      local body = (k % 2 == 0) and '{"delta":-1}' or '{"delta":2}'
      requests[k] = wrk.format("POST", "/v1/inventory/" .. math.random(1, items) .. "/adjustments", headers, body)
   end
   count = #requests
end

function request()
   next_index = next_index % count + 1
   return requests[next_index]
end

-- done(): the summary line, shared with the other wrk scripts; loaded from this script's own directory
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk-summary.lua")
