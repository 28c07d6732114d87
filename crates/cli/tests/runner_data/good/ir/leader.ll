;pass
; --local_size=2
;warning: \w+ only

; FAKE-WARN: warning: stderr only
define void @k() {
  ret void
}
