import { describe, expect, it } from 'vitest';
import { calledPaths, declaredRoutes, projectRoutes, routeCalls, routeIndex } from './http-routes.js';

const routes = (text: string) => declaredRoutes(text, 'go').map((r) => `${r.method} ${r.prefixed ? '…' : ''}${r.path} @${r.line}`);

const ALIASES = `package main

import (
	nethttp "net/http"

	chiv5 "github.com/go-chi/chi/v5"
	gin2 "github.com/gin-gonic/gin"
	router "github.com/gorilla/mux"
)

func gorilla() {
	r := router.NewRouter()
	r.HandleFunc("/a", h).Methods(nethttp.MethodGet)
}

func ginApp() *gin2.Engine {
	g := gin2.Default()
	g.GET("/b", h)
	return g
}

func chiApp() {
	c := chiv5.NewRouter()
	c.Get("/c", h)
	nethttp.HandleFunc("/d", h)
}

func Register(rg *gin2.RouterGroup) {
	rg.POST("/e", h)
}
`;

/** Another package under gorilla's usual name, gorilla itself imported blank: `mux.` is not gorilla here. */
const OTHER_MUX = `package main

import (
	_ "github.com/gorilla/mux"
	mux "example.com/internal/mux"
)

func main() {
	m := mux.NewRouter()
	m.HandleFunc("/not-a-route", h).Methods("GET")
}
`;

const DOT = `package main

import . "github.com/gin-gonic/gin"

func main() {
	r := Default()
	r.GET("/dot", h)
}

func Register(g *RouterGroup) {
	g.GET("/grouped", h)
}
`;

const GORILLA_CHAINS = `package main

import "github.com/gorilla/mux"

func main() {
	r := mux.NewRouter()
	r.Path("/p").HandlerFunc(h).Methods("GET")
	r.Handle("/q", h).Methods("POST")
	r.HandleFunc("/r", h).Methods("GET", "PUT")
	r.Methods("DELETE").Path("/s").HandlerFunc(h)
	r.Path("/t").Methods(http.MethodPatch).Name("t").Handler(h)
	r.PathPrefix("/static/").Handler(fs)
	api := r.PathPrefix("/api").Subrouter()
	api.Path("/u").HandlerFunc(h)
	get := r.Methods("GET").Subrouter()
	get.HandleFunc("/v", h)
	route := r.Path("/w")
	route.HandlerFunc(h)
}
`;

const HTTPROUTER = `package main

import (
	"net/http"

	"github.com/julienschmidt/httprouter"
)

func main() {
	router := httprouter.New()
	router.GET("/user/:name", hello)
	router.Handle("POST", "/x", h)
	router.HandlerFunc(http.MethodPut, "/y", hf)
	router.Handler("DELETE", "/z", hh)
	router.ServeFiles("/src/*filepath", http.Dir("/var/www"))
	router.Handle("", "/empty-method", h)
	router.Handle("PATCH", "/with-middleware", mw, h)
	log.Fatal(http.ListenAndServe(":8080", router))
}
`;

const HTTPROUTER_ALIASED = `package api

import hr "github.com/julienschmidt/httprouter"

func New() *hr.Router {
	r := hr.New()
	r.GET("/aliased", h)
	return r
}
`;

const RAW = `package main

func main() {
	r := gin.Default()
	r.GET(\`/raw/:id\`, h)
}

func TestRaw(t *testing.T) {
	http.Get(\`http://localhost:8080/raw/7\`)
}
`;

describe('Go routes by import path', () => {
  it('aliased gorilla/mux, gin, chi and net/http imports: routers, methods, the default mux and a group parameter', () => {
    expect(routes(ALIASES)).toEqual(['GET /a @13', 'GET /b @18', 'GET /c @24', 'ANY /d @25', 'POST …/e @29']);
  });

  it("another package under gorilla's usual name declares nothing; a blank import names nothing", () => {
    expect(routes(OTHER_MUX)).toEqual([]);
  });

  it("a dot import: the package's constructor and group type unqualified", () => {
    expect(routes(DOT)).toEqual(['GET /dot @7', 'GET …/grouped @11']);
  });
});

describe("gorilla/mux's chained routes", () => {
  it('Path, Methods and matchers before or after the handler; PathPrefix handlers; subrouters under PathPrefix or Methods; a route held in a name', () => {
    expect(routes(GORILLA_CHAINS)).toEqual([
      'GET /p @7',
      'POST /q @8',
      'GET|PUT /r @9',
      'DELETE /s @10',
      'PATCH /t @11',
      'ANY /static/ @12',
      'ANY /api/u @14',
      'GET /v @16',
      'ANY /w @18',
    ]);
  });
});

describe('julienschmidt/httprouter', () => {
  it('verbs, Handle, HandlerFunc and Handler naming the method, ServeFiles; a Handle naming no method serves nothing', () => {
    expect(routes(HTTPROUTER)).toEqual([
      'GET /user/:name @11',
      'POST /x @12',
      'PUT /y @13',
      'DELETE /z @14',
      'GET /src/*filepath @15',
      'PATCH /with-middleware @17',
    ]);
  });

  it('by its import path under another name, the router a function returns', () => {
    expect(routes(HTTPROUTER_ALIASED)).toEqual(['GET /aliased @7']);
  });
});

describe('Go raw strings', () => {
  it('a raw-string route path and a raw-string URL calling it', () => {
    expect(routes(RAW)).toEqual(['GET /raw/:id @5']);
    // read as the same strings in double quotes are
    expect(calledPaths(RAW, 'go').map((c) => [c.line, c.segments.join('/')])).toEqual([
      [5, 'raw/:id'],
      [9, 'raw/7'],
    ]);
    expect(calledPaths(RAW, 'go')).toEqual(calledPaths(RAW.replaceAll('`', '"'), 'go'));
  });
});

const MOUNT_MAIN = `package main

func main() {
	r := chi.NewRouter()
	rs := itemsResource{}
	r.Mount("/items", rs.Routes())
	var os ordersResource
	r.Mount("/orders", os.Routes())
}
`;

const itemsResource = (type: string) => `package main

func (rs ${type}) Routes() chi.Router {
	r := chi.NewRouter()
	r.Get("/{id}", rs.Get)
	return r
}
`;

const CALLER = `package main

func TestItem(t *testing.T) {
	http.Get(\`http://localhost:3333/items/7\`)
}
`;

describe('a router a method of a value returns', () => {
  const files = [
    { path: 'shop/main.go', text: MOUNT_MAIN, language: 'go' },
    { path: 'shop/items.go', text: itemsResource('itemsResource'), language: 'go' },
    { path: 'shop/orders.go', text: itemsResource('*ordersResource'), language: 'go' },
    { path: 'shop/items_test.go', text: CALLER, language: 'go' },
  ];
  const project = projectRoutes(files, () => []);

  it("sits where the value's method is mounted (rs := itemsResource{}; r.Mount('/items', rs.Routes())), by the value's type", () => {
    expect(project.get('shop/items.go')).toEqual([{ method: 'GET', path: '/items/{id}', line: 5 }]);
    expect(project.get('shop/orders.go')).toEqual([{ method: 'GET', path: '/orders/{id}', line: 5 }]);
  });

  it('a raw-string URL links to it', () => {
    expect(routeCalls('shop/items_test.go', calledPaths(CALLER, 'go'), routeIndex(project))).toEqual([
      { path: 'shop/items.go', line: 4, route: '/items/{id}' },
    ]);
  });
});
