-- wrk script: PATCH /v1/inventory/{petId} {"quantity": q} with the API key, petId uniform in 1..N, q in 0..1000.
-- usage: wrk ... -s patch.lua http://127.0.0.1:PORT -- KEY N
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
      local body = string.format('{"quantity":%d}', math.random(0, 1000))
      requests[k] = wrk.format("PATCH", "/v1/inventory/" .. math.random(1, items), headers, body)
   end
   count = #requests
end

function request()
   next_index = next_index % count + 1
   return requests[next_index]
end

-- done(): the summary line, shared with the other wrk script; loaded from this script's own directory
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk-summary.lua")
