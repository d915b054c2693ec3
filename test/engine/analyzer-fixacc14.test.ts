// From the round-14 blind batch (mixed-round14-untuned.yaml), access_mfa, read after it was scored: Spring Security
// matchers listing several paths (one a sign-in path) that open people's collections, appointments opened whole;
// and the look-alikes: Firestore public reads of a catalogue, a DRF contact form and ASP.NET sign-up open to
// anonymous callers. Each kind has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

const SEC = "src/main/java/com/example/demo/config/SecurityConfig.java";

describe("round-14 access_mfa fixes", () => {
  it("Spring Security matchers opening people's collections", async () => {
    await check([
      ["several paths in one matcher, one a sign-in path", SEC, [
        "         http.csrf(AbstractHttpConfigurer::disable)",
        "+                .authorizeHttpRequests(requests -> requests",
        '+                        .requestMatchers("/employees/authenticate", "/employees", "/employees/{id}").permitAll())',
      ], "access_mfa"],
      ["appointments opened whole", SEC, [
        '                 .requestMatchers("/error").permitAll()',
        '-                .requestMatchers("/appointments/public/**").permitAll()',
        '+                .requestMatchers("/appointments/**").permitAll()',
        "                 .anyRequest().authenticated()",
      ], "access_mfa"],
      ["antMatchers with a method and bookings", SEC, [
        '+                .antMatchers(HttpMethod.GET, "/api/bookings/**").permitAll()',
      ], "access_mfa"],
      ["look-alike: only sign-in and sign-up paths of the employees API", SEC, [
        '+                        .requestMatchers("/employees/authenticate", "/employees/register").permitAll()',
      ], null],
      ["look-alike: a public part of appointments, docs and actuator", SEC, [
        '+                .requestMatchers("/appointments/public/**").permitAll()',
        '+                .requestMatchers("/actuator/**", "/swagger-ui/**", "/v3/api-docs/**").permitAll()',
      ], null],
      ["look-alike: account sign-up and confirmation paths", SEC, [
        '+                .antMatchers("/api/v1/accounts/new", "/api/v1/accounts/confirm").permitAll()',
      ], null],
      ["look-alike: the catalogue opened", SEC, [
        '+                .requestMatchers("/products/**", "/categories/**").permitAll()',
      ], null],
      ["look-alike: employees matcher given a role", SEC, [
        '+                        .requestMatchers("/employees", "/employees/{id}").hasRole("ADMIN")',
      ], null],
    ]);
  });

  it("Firestore public reads: people's collections, not a catalogue", async () => {
    await check([
      ["public read of users", "firestore.rules", [
        "+    match /users/{userId} {",
        "+      allow read: if true;",
        "+      allow write: if request.auth.uid == userId;",
        "+    }",
      ], "access_mfa"],
      ["public read of the whole database", "firestore.rules", [
        "+  match /databases/{database}/documents {",
        "+    match /{document=**} {",
        "+      allow read: if true;",
      ], "access_mfa"],
      ["public write of a catalogue still counts", "firestore.rules", [
        "+    match /products/{productId} {",
        "+      allow read, write: if true;",
      ], "access_mfa"],
      ["look-alike: products and articles readable by everyone", "firestore.rules", [
        "+    match /products/{productId} {",
        "+      allow read: if true;",
        "+      allow write: if request.auth != null",
        "+    }",
        "+",
        "+    match /articles/{articleId} {",
        "+      allow read: if true;",
        "+      allow write: if request.auth != null",
        "+    }",
      ], null],
      ["look-alike: a catalogue after a guarded users block", "firestore.rules", [
        "+    match /users/{userId} {",
        "+      allow read: if request.auth.uid == userId;",
        "+    }",
        "+    match /courses/{courseId} {",
        "+      allow read: if true;",
      ], null],
    ]);
  });

  it("anonymous create-only endpoints (contact, sign-up) stay silent; anonymous reads do not", async () => {
    await check([
      ["DRF AllowAny on a patient list", "api/patients/views.py", [
        "+class PatientListView(APIView):",
        "+    permission_classes = [AllowAny]",
        "+",
        "+    def get(self, request):",
      ], "access_mfa"],
      ["look-alike: DRF AllowAny on a contact form", "backend/api/contact/views.py", [
        "+class ContactMessageCreateView(APIView):",
        "+    permission_classes = [AllowAny]  # Allow unrestricted access",
        "+",
        "+    def post(self, request, format=None):",
        "+        serializer = ContactMessageSerializer(data=request.data)",
      ], null],
      ["look-alike: DRF AllowAny on a feedback function view", "feedback/views.py", [
        "+@api_view(['POST'])",
        "+@permission_classes([AllowAny])",
        "+def submit_feedback(request):",
      ], null],
      ["ASP.NET AllowAnonymous on reading users", "Controllers/UsersController.cs", [
        "+        [HttpGet]",
        "+        [AllowAnonymous]",
        "+        public async Task<IActionResult> GetAll([FromQuery] GetAllUsersQuery query)",
      ], "access_mfa"],
      ["ASP.NET AllowAnonymous on updating a user", "Controllers/UsersController.cs", [
        "+        [HttpPut(\"{id}\")]",
        "+        [AllowAnonymous]",
        "+        public async Task<IActionResult> Put(int id, [FromBody] UpdateUserCommand command)",
      ], "access_mfa"],
      ["look-alike: ASP.NET sign-up by POST of a new user, and login", "Controllers/UsersController.cs", [
        "         }",
        "+        // api/users",
        "+        [HttpPost]",
        "+        [AllowAnonymous]",
        "+        public async Task<IActionResult> Post([FromBody] CreateUserCommand command)",
        "+        {",
        "+            var id = await _mediator.Send(command);",
        "+            return CreatedAtAction(nameof(GetById), new { id = id }, command);",
        "+        }",
        "+",
        "+        // api/users/login",
        "+        [HttpPut(\"login\")]",
        "+        [AllowAnonymous]",
        "+        public async Task<IActionResult> Login([FromBody] LoginUserCommand command)",
        "+        {",
      ], null],
      ["look-alike: ASP.NET anonymous newsletter subscription", "Controllers/NewsletterController.cs", [
        "+        [HttpPost]",
        "+        [AllowAnonymous]",
        "+        public IActionResult Subscribe([FromBody] NewsletterSubscriptionRequest request)",
      ], null],
    ]);
  });
});
