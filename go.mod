module github.com/kakugo/kakugo

go 1.26.8

require (
	github.com/klauspost/compress v1.20.3
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/chromedp/chromedp v0.23.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)
