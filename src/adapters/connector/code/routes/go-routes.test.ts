import { describe, expect, it } from 'vitest';
import { calledPaths, declaredRoutes, projectRoutes, routeCalls, routeIndex } from './http-routes.js';

const routes = (text: string) => declaredRoutes(text, 'go').map((r) => `${r.method} ${r.prefixed ? '…' : ''}${r.path} @${r.line}`);

const GIN = `package main

import "github.com/gin-gonic/gin"

func main() {
	r := gin.Default()
	r.GET("/users/:id", getUser)
	r.Any("/files/*path", serve)
	r.Handle("GET", "/health", health)
	v1 := r.Group("/api/v1")
	{
		v1.POST("/login", login)
		users := v1.Group("/users")
		{
			users.PUT("/:id", update)
			users.DELETE("/:id", remove)
		}
	}
	r.Group("/inline").OPTIONS("/x", opts)
	admin := r.Group(os.Getenv("ADMIN_PREFIX"))
	admin.PATCH("/settings", settings)
	// r.GET("/commented", nope)
	r.GET("/in/string", func(c *gin.Context) { c.String(200, "r.GET(\\"/fake\\", h)") })
}
`;

const ECHO = `package main

func main() {
	e := echo.New()
	e.GET("/", home)
	e.POST("/users", create)
	g := e.Group("/admin", middleware.BasicAuth(check))
	g.GET("/stats", stats)
	e.Match([]string{"GET", "PUT"}, "/both", both)
	e.Add(http.MethodPatch, "/patched", patched)
}
`;

const CHI = `package api

func NewRouter() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.Logger)
	r.Get("/", index)
	r.Route("/articles", func(r chi.Router) {
		r.With(paginate).Get("/", list)
		r.Post("/", create)
		r.Route("/{articleID}", func(r chi.Router) {
			r.Get("/", get)
			r.Put("/", update)
		})
	})
	r.Group(func(r chi.Router) {
		r.Get("/private", private)
	})
	r.Mount("/admin", adminRouter())
	api := chi.NewRouter()
	api.Get("/ping", ping)
	r.Mount("/api", api)
	r.Method("DELETE", "/things/{id}", del)
	return r
}

func adminRouter() chi.Router {
	r := chi.NewRouter()
	r.Get("/accounts", accounts)
	return r
}
`;

const GORILLA = `package server

type Server struct {
	router *mux.Router
}

func (s *Server) routes() {
	s.router.HandleFunc("/health", s.health).Methods("GET")
	api := s.router.PathPrefix("/api").Subrouter()
	api.HandleFunc("/items/{id}", s.item).Methods(http.MethodGet, http.MethodPut)
	api.Handle("/raw", raw)
}

func main() {
	r := mux.NewRouter()
	r.HandleFunc("/x", h).Methods("POST").Name("x")
}
`;

const NET_HTTP = `package main

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", getItem)
	mux.HandleFunc("POST /items", createItem)
	mux.Handle("/static/", files)
	mux.HandleFunc("/{$}", home)
	http.HandleFunc("/legacy", legacy)
}
`;

const FIBER = `package main

func main() {
	app := fiber.New()
	app.Get("/", index)
	api := app.Group("/api")
	v1 := api.Group("/v1")
	v1.Get("/list", list)
	v1.Delete("/list/:id", del)
	app.Route("/books", func(router fiber.Router) {
		router.Get("/:id", book)
	})
	app.All("/any", anything)
}
`;

/** Strings that are no routes: an HTTP client's calls, a file path, a map or cache with a Get. */
const NOT_ROUTES = `package main

func fetch(client *http.Client, cache *lru.Cache) {
	client.Get("/users/7")
	cache.Get("/users/7")
	resp, err := http.Get("http://localhost:8080/users/7")
	http.Post("/users", "application/json", body)
	f, _ := os.Open("/tmp/file")
	r := resty.New()
	r.Get("/users/7")
}

func serve() {
	r := gin.New()
	r.GET("/users/:id", getUser)
}
`;

describe('Go routes', () => {
  it('gin: verbs, Any, Handle, groups nested in blocks, a chained group; a prefix read at run time is not guessed', () => {
    expect(routes(GIN)).toEqual([
      'GET /users/:id @7',
      'ANY /files/*path @8',
      'GET /health @9',
      'POST /api/v1/login @12',
      'PUT /api/v1/users/:id @15',
      'DELETE /api/v1/users/:id @16',
      'OPTIONS /inline/x @19',
      'PATCH …/settings @21',
      'GET /in/string @23',
    ]);
  });

  it('echo: verbs, a group with middleware, Match and Add naming the methods', () => {
    expect(routes(ECHO)).toEqual(['GET / @5', 'POST /users @6', 'GET /admin/stats @8', 'GET|PUT /both @9', 'PATCH /patched @10']);
  });

  it("chi: Route's closures nested, With, an inline Group, Mount of a router the file makes, Method", () => {
    expect(routes(CHI)).toEqual([
      'GET / @6',
      'GET /articles/ @8',
      'POST /articles/ @9',
      'GET /articles/{articleID}/ @11',
      'PUT /articles/{articleID}/ @12',
      'GET /private @16',
      'GET /api/ping @20',
      'DELETE /things/{id} @22',
      'GET /admin/accounts @28',
    ]);
  });

  it("gorilla/mux: a struct's router, .Methods(…) after the route, PathPrefix subrouters", () => {
    expect(routes(GORILLA)).toEqual(['GET /health @8', 'GET|PUT /api/items/{id} @10', 'ANY /api/raw @11', 'POST /x @16']);
  });

  it("net/http: Go 1.22's method patterns, the default mux, {$}", () => {
    expect(routes(NET_HTTP)).toEqual(['GET /items/{id} @5', 'POST /items @6', 'ANY /static/ @7', 'ANY / @8', 'ANY /legacy @9']);
  });

  it('fiber: verbs, nested groups, Route with a closure, All', () => {
    expect(routes(FIBER)).toEqual(['GET / @5', 'GET /api/v1/list @8', 'DELETE /api/v1/list/:id @9', 'GET /books/:id @11', 'ANY /any @13']);
  });

  it("an HTTP client's calls, a cache's Get, a file path and a name holding no router declare nothing; a router of another function still does", () => {
    expect(routes(NOT_ROUTES)).toEqual(['GET /users/:id @15']);
  });

  it('only Go files are read as Go', () => {
    expect(declaredRoutes(GIN, 'typescript')).toEqual([]);
  });
});

const REGISTER = `package users

func UsersRegister(router *gin.RouterGroup) {
	router.POST("/", UsersRegistration)
	router.POST("/login", UsersLogin)
}

func Unplaced(router *gin.RouterGroup) {
	router.GET("/orphan", orphan)
}
`;

const MAIN = `package main

func main() {
	r := gin.Default()
	v1 := r.Group("/api")
	users.UsersRegister(v1.Group("/users"))
}
`;

const USERS_TEST = `package users

func TestLogin(t *testing.T) {
	r := gin.New()
	UsersRegister(r.Group("/users"))
	req, _ := http.NewRequest("POST", "/users/login", body)
}
`;

const STRANGER = `package other

func main() {
	r := gin.New()
	UsersRegister(r.Group("/elsewhere"))
}
`;

const CHI_NAMED = `package api

func Routes() http.Handler {
	r := chi.NewRouter()
	r.Route("/users", userRoutes)
	return r
}

func userRoutes(r chi.Router) {
	r.Get("/{id}", getUser)
}
`;

const ROUTER_PKG = `package router

func New() *echo.Echo {
	e := echo.New()
	return e
}
`;

/** The echo realworld app's shape: a router made by a function of another package, a group handed to a method. */
const ECHO_MAIN = `package main

func main() {
	r := router.New()
	r.GET("/swagger/*", swagger)
	v1 := r.Group("/api")
	h := handler.NewHandler(us)
	h.Register(v1)
}
`;

const ECHO_ROUTES = `package handler

func (h *Handler) Register(v1 *echo.Group) {
	guests := v1.Group("/users")
	guests.POST("/login", h.Login)
}
`;

/** A test building its own router and calling it. */
const OWN_TEST = `package users

func TestHealth(t *testing.T) {
	r := gin.New()
	r.POST("/users/login", fake)
	req, _ := http.NewRequest("POST", "/users/login", nil)
}
`;

/** chi's todos-resource example: routers methods of two types return, mounted by another file of the package. */
const TODOS_MAIN = `package main

func main() {
	r := chi.NewRouter()
	r.Mount("/users", usersResource{}.Routes())
	r.Mount("/todos", todosResource{}.Routes())
}
`;

const resource = (type: string) => `package main

func (rs ${type}) Routes() chi.Router {
	r := chi.NewRouter()
	r.Get("/", rs.List)
	r.Route("/{id}", func(r chi.Router) {
		r.Get("/sync", rs.Sync)
	})
	return r
}
`;

describe('Go groups handed to functions', () => {
  const files = [
    { path: 'router/router.go', text: ROUTER_PKG, language: 'go' },
    { path: 'main.go', text: ECHO_MAIN, language: 'go' },
    { path: 'handler/handler.go', text: 'package handler\n\nfunc NewHandler(us Store) *Handler { return &Handler{} }\n', language: 'go' },
    { path: 'handler/routes.go', text: ECHO_ROUTES, language: 'go' },
    { path: 'users/own_test.go', text: OWN_TEST, language: 'go' },
    { path: 'users/routers.go', text: REGISTER, language: 'go' },
    { path: 'todos/main.go', text: TODOS_MAIN, language: 'go' },
    { path: 'todos/todos.go', text: resource('todosResource'), language: 'go' },
    { path: 'todos/users.go', text: resource('usersResource'), language: 'go' },
    { path: 'hello.go', text: MAIN, language: 'go' },
    { path: 'users/unit_test.go', text: USERS_TEST, language: 'go' },
    { path: 'other/main.go', text: STRANGER, language: 'go' },
    { path: 'api/routes.go', text: CHI_NAMED, language: 'go' },
  ];
  const imports: Record<string, string[]> = {
    'hello.go': ['users/routers.go'],
    'users/unit_test.go': ['users/routers.go'],
    'main.go': ['router/router.go', 'handler/handler.go'],
  };
  const project = projectRoutes(files, (p) => imports[p] ?? []);

  it("each caller importing the function places its group (main's /api/users, the test's /users); others' calls don't; a group nobody places is behind an unread prefix", () => {
    expect(project.get('users/routers.go')).toEqual([
      { method: 'POST', path: '/api/users/', line: 4 },
      { method: 'POST', path: '/users/', line: 4 },
      { method: 'POST', path: '/api/users/login', line: 5 },
      { method: 'POST', path: '/users/login', line: 5 },
      { method: 'GET', path: '/orphan', line: 9, prefixed: true },
    ]);
    expect(declaredRoutes(REGISTER, 'go')[0]).toEqual({ method: 'POST', path: '/', line: 4, prefixed: true });
  });

  it("chi's Route handing a named function of the file its router", () => {
    expect(project.get('api/routes.go')).toEqual([{ method: 'GET', path: '/users/{id}', line: 10 }]);
  });

  it("a test's request path links to the file serving the route", () => {
    const calls = routeCalls('users/unit_test.go', calledPaths(USERS_TEST, 'go'), routeIndex(project));
    expect(calls).toEqual([{ path: 'users/routers.go', line: 6, route: '/users/login' }]);
  });

  it('a router a function of another package makes (\`router.New()\`), a group handed to a method of a file of the imported package', () => {
    expect(project.get('main.go')).toEqual([{ method: 'GET', path: '/swagger/*', line: 5 }]);
    expect(project.get('handler/routes.go')).toEqual([{ method: 'POST', path: '/api/users/login', line: 5 }]);
  });

  it("a Go test's own router serves no other file, and a call its own routes reach links nowhere else", () => {
    expect(project.get('users/own_test.go')).toEqual([{ method: 'POST', path: '/users/login', line: 5 }]);
    const index = routeIndex(project);
    expect(routeCalls('users/own_test.go', calledPaths(OWN_TEST, 'go'), index)).toEqual([]);
    expect(routeCalls('users/unit_test.go', calledPaths(USERS_TEST, 'go'), index)).toEqual([{ path: 'users/routers.go', line: 6, route: '/users/login' }]);
  });

  it("a router a method returns sits where another file mounts it (r.Mount('/todos', todosResource{}.Routes())), by the method's type", () => {
    expect(project.get('todos/todos.go')).toEqual([
      { method: 'GET', path: '/todos/', line: 5 },
      { method: 'GET', path: '/todos/{id}/sync', line: 7 },
    ]);
    expect(project.get('todos/users.go')?.map((r) => r.path)).toEqual(['/users/', '/users/{id}/sync']);
    // read alone, a returned router may be the root: its routes keep their paths, with no unread prefix
    expect(declaredRoutes(resource('todosResource'), 'go')).toEqual([
      { method: 'GET', path: '/', line: 5 },
      { method: 'GET', path: '/{id}/sync', line: 7 },
    ]);
  });
});
