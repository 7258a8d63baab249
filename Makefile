# Kakugo: build, test, benchmark and release the pbrain-kakugo brain.
BIN      := pbrain-kakugo
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -s -w -X main.version=$(VERSION)
FUZZTIME ?= 30s

.PHONY: all build test race vet fmt fuzz bench release clean

all: fmt vet test build

build:
	go build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) .

# The test command of README.md and .ci/run.
test:
	go test -timeout 30m ./...

# The race detector slows the searches ten-fold: the long tests (the
# shared problem sets, the timing test) run in `make test`, and the short
# ones, which cover every goroutine, here. A full `go test -race ./...` took
# 10m19s on 2 cores, past go test's default 10-minute timeout.
race:
	go test -race -short -timeout 30m ./...

vet:
	go vet ./...

fmt:
	gofmt -l -w .

# Runs every fuzz target for FUZZTIME each.
fuzz:
	@for pkg in $$(go list ./...); do \
	  for t in $$(go test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$t"; go test -run XXX -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

# Hot-path micro benchmarks, then the engine's fixed search benchmark (its
# last line is the node signature, the same on every run and machine).
bench: build
	go test -run XXX -bench . ./...
	./$(BIN) bench

# Linux and Windows executables; Piskvork and the Gomocup judge need the .exe.
release:
	mkdir -p dist
	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags '$(LDFLAGS)' -o dist/$(BIN) .
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go build -trimpath -ldflags '$(LDFLAGS)' -o dist/$(BIN).exe .

clean:
	rm -rf $(BIN) $(BIN).exe dist
