-- wrk script: POST /v1/friend-requests, each from the next line of requests.tsv (a bearer token and a
-- JSON body; seed.py makes every line a distinct sender/receiver pair). Thread k of n takes lines k, k+n, …
-- Run: wrk -t N … -s send.lua URL -- N REQUESTS_FILE. Answers other than 201 are counted and printed.
local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("index", counter)
  table.insert(threads, thread)
end

function init(args)
  step = tonumber(args[1])
  lines = {}
  for line in io.lines(args[2]) do
    local tab = line:find("\t", 1, true)
    lines[#lines + 1] = { "Bearer " .. line:sub(1, tab - 1), line:sub(tab + 1) }
  end
  position = index
  refused = 0
end

function request()
  local entry = lines[position]
  if entry == nil then entry = lines[index] end  -- out of pairs: answers will be 409 and counted below
  position = position + step
  return wrk.format("POST", "/v1/friend-requests", { ["Content-Type"] = "application/json", ["Authorization"] = entry[1] }, entry[2])
end

function response(status, headers, body)
  if status ~= 201 then refused = refused + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("refused") end
  io.write(string.format("not 201: %d\n", total))
end
