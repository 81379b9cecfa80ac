-- wrk script: PATCH /v1/inventory/{petId} {"quantity": q} with the API key, petId uniform in 1..N, q in 0..1000;
-- with a third argument "adjust": POST /v1/inventory/{petId}/adjustments {"delta": d} instead, d either +2 (an
-- arrival) or -1 (a sale), as many of each: the counts drift up, so after the first moments hardly a sale finds no
-- stock (a 409 INSUFFICIENT_STOCK counts as non2xx); with "batch": POST /v1/inventory/changes, a delta of +1 for each
-- of the first min(N, 100) pets.
-- usage: wrk ... -s patch.lua http://127.0.0.1:PORT -- KEY N [adjust|batch]
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
      local pet = "/v1/inventory/" .. math.random(1, items)
      if args[3] == "batch" then
         local changes = {}
         for p = 1, math.min(items, 100) do changes[p] = string.format('{"petId":%d,"delta":1}', p) end
         requests[k] = wrk.format("POST", "/v1/inventory/changes", headers,
                                  '{"changes":[' .. table.concat(changes, ",") .. ']}')
      elseif args[3] == "adjust" then
         local body = (k % 2 == 0) and '{"delta":-1}' or '{"delta":2}'
         requests[k] = wrk.format("POST", pet .. "/adjustments", headers, body)
      else
         requests[k] = wrk.format("PATCH", pet, headers, string.format('{"quantity":%d}', math.random(0, 1000)))
      end
   end
   count = #requests
end

function request()
   next_index = next_index % count + 1
   return requests[next_index]
end

-- done(): the summary line, shared with the other wrk script; loaded from this script's own directory
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk-summary.lua")
