bone.log.info("msg")    -- also: .warn / .error / .debug
bone.api.emit("custom_event", { foo = 1 })  -- fire custom events
