-- wrk script: GET /v1/inventory with the API key.
-- usage: wrk ... -s get.lua http://127.0.0.1:PORT/v1/inventory -- KEY
-- It defines no request() or response() hook, so wrk sends one pre-built request at full speed.
function init(args)
   wrk.headers["Authorization"] = "Bearer " .. (args[1] or "secret")
end

-- done(): the summary line, shared with the other wrk script; loaded from this script's own directory
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk-summary.lua")
