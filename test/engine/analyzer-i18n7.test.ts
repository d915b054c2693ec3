// Round 7: code written with non-English identifiers and messages (fixtures/eval/real/dev/i18n-round7.yaml). Each concept
// is read in every listed language (senha, contraseña, mot de passe, Passwort, wachtwoord, hasło, şifre, kata sandi;
// CPF, DNI, PESEL, TC kimlik, NIK; fecha de nacimiento, data urodzenia, doğum tarihi; administrador, rol, verificarAdmin),
// with a change it must find and a real look-alike it must not (ids logged, bcrypt, placeholders, Spanish product columns).
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { classifyWords, splitWords } from "../../src/engine/analyzer/detectors/log-sensitive-words.js";
import { check, expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

const wordsOf = (identifier: string) => classifyWords(splitWords(identifier));

async function deletedFileAreas(path: string, lines: string[]): Promise<string[]> {
  const patch = `@@ -1,${lines.length} +0,0 @@\n${lines.map((l) => `-${l}`).join("\n")}`;
  const result = await review(input([{ path, status: "removed", patch }]), configuration());
  return [...new Set(result.findings.map((f) => f.area))];
}

describe("i18n round 7: words of other languages read as the vocabulary's concepts", () => {
  it("reads passwords, national ids, contact data and birth dates in every listed language, not look-alike words", () => {
    for (const id of ["senha", "contraseña", "contrasenia", "mot_de_passe", "motDePasse", "passwort", "kennwort", "wachtwoord", "hasło", "şifre", "kata_sandi", "mima", "getSenha", "clave_secreta", "chave_privada", "token_acceso"]) {
      expect({ id, kind: wordsOf(id) }).toEqual({ id, kind: "secret" });
    }
    for (const id of ["cpf", "dni", "nif", "curp", "pesel", "bsn", "tc_kimlik_no", "codice_fiscale", "correo", "telefone", "celular", "fecha_nacimiento", "data_nascimento", "dtaNascimento", "geburtsdatum", "data_urodzenia", "dogum_tarihi", "tanggal_lahir", "apellido", "nome_completo", "numero_tarjeta", "endereco_cliente", "direccion_ip", "numeroSeguridadSocial"]) {
      expect({ id, kind: wordsOf(id) }).toEqual({ id, kind: "pii" });
    }
    // A key of a map, a keyword, a product's name, a bare address, a role, data: not values to protect.
    for (const id of ["palabra_clave", "clave", "clave_primaria", "chave_publica", "nome", "nome_produto", "direccion", "endereco", "usuario", "cliente", "rol", "dados", "primer_name", "fecha_creacion", "mensaje_error", "senhaEncoder"]) {
      expect({ id, kind: wordsOf(id) }).toEqual({ id, kind: null });
    }
  });

  it("finds personal data and passwords logged under their own language's names, not ids and fixed messages", async () => {
    await check([
      ["go login prints the Senha form field", "Fatura/Login/Login.go", ["\tr.ParseForm()", "+\tfmt.Println(\"username:\", r.Form[\"Login\"])", "+\tfmt.Println(\"password:\", r.Form[\"Senha\"])", " \tif err := Model.Login.ExecuteTemplate(w, \"login.html\", nil); err != nil {"], "logging"],
      ["java logs the CPF it registers", "src/main/java/pf/SistemaPessoaFisica.java", ["     public void registrarCPF(String nome, String cpf) {", "+        log.info(\"Registrando PF: {} - CPF: {}\", nome, cpf);", "     }"], "logging"],
      ["java logs the patient's cpf looked up", "src/main/java/paciente/PacienteService.java", ["     public Paciente findByCpf(String cpf) {", "+        logger.info(\"Buscando paciente por cpf: {}\", cpf);", "         Paciente paciente = repository.findByCpf(cpf);"], "logging"],
      ["python logs the contraseña", "app/auth.py", ["     contrasena = request.form['contrasena']", "+    logger.info(f\"Intento de acceso con {contrasena}\")", "     return login(usuario, contrasena)"], "logging"],
      ["php logs the client's telefone and data de nascimento", "app/Http/Controllers/ClienteController.php", ["         $cliente = Cliente::create($dados);", "+        Log::info('Cliente criado', ['telefone' => $cliente->telefone, 'nascimento' => $cliente->data_nascimento]);", "         return redirect('/clientes');"], "logging"],
    ]);
    await check([
      ["ruby logs order and user ids", "app/controllers/pedidos.rb", ["     status 201", "+    logger.info \"Nuevo pedido: Id pedido: #{nuevo_pedido.id}, Id_usuario: #{nuevo_pedido.id_usuario}\"", "     pedido_to_json nuevo_pedido"], null],
      ["php audit log of user id, role id and route", "app/Http/Library/LogHelpers.php", ["     {", "+        Log::channel($canal)->info($accion,[", "+            'user_id' => $usuario,", "+            'rol_id'  => $rol,", "+            'ruta' => $ruta", "+        ]);"], null],
      ["java logs the saved doctor's id", "src/main/java/medico/MedicoService.java", ["             Medico savedMedico = repository.save(medico);", "+            logger.info(\"Médico cadastrado com sucesso. ID: {}\", savedMedico.getId());", "             return savedMedico;"], null],
      ["java logs a keyword search term", "src/main/java/busca/BuscaService.java", ["     public List<Produto> buscar(String palabraClave) {", "+        log.info(\"Buscando productos por palabra clave: {}\", palabraClave);", "         return repo.search(palabraClave);"], null],
    ]);
  });

  it("finds weak password hashing when the password is named in another language, not bcrypt or file names", async () => {
    await check([
      ["c# MD5CryptoServiceProvider over senha", "ClassUtilitario/Criptografia.cs", ["+        static string CriptografarSenha(string senha)", "+        {", "+            MD5CryptoServiceProvider md5Hasher = new MD5CryptoServiceProvider();", "+            byte[] data = md5Hasher.ComputeHash(Encoding.Default.GetBytes(senha));"], "encryption"],
      ["java MessageDigest MD5 over senha", "src/model/Criptografar.java", ["+\tpublic static String criptografar(String senha) {", "+\t\tMessageDigest md = MessageDigest.getInstance(\"MD5\");", "+\t\tBigInteger hash = new BigInteger(1, md.digest(senha.getBytes()));"], "encryption"],
      ["php md5 of pswd_pengguna", "controllers/login.php", ["+$query = 'SELECT * FROM ms_pengguna WHERE kode_pengguna=? AND pswd_pengguna=?';", "+$stmt = $con->prepare($query);", "+$stmt->bind_param('ss', $kode_pengguna, md5($pswd_pengguna));"], "encryption"],
      ["php sha1 of the contraseña", "registro.php", ["+$contraseña = $_POST['contraseña'];", "+$hash = sha1($contraseña);"], "encryption"],
    ]);
    await check([
      ["java bcrypt encodes the senha", "src/main/java/demo/Service.java", ["+\t\tBCryptPasswordEncoder encoder = new BCryptPasswordEncoder();", "+\t\tString senhaEncoder = encoder.encode(usuario.getSenha());", "+\t\tusuario.setSenha(senhaEncoder);"], null],
      ["python bcrypt hashes the contrasena", "utils/encriptar_contrasena.py", ["+def encriptar_contrasena(contrasena):", "+    contrasena_bytes = contrasena.encode('utf-8')", "+    return bcrypt.hashpw(contrasena_bytes, bcrypt.gensalt()).decode('utf-8')"], null],
      ["php sha256 names an uploaded image", "cms/include/uploads.php", ["+        $encryptedFilename = hash('sha256', uniqid(time() . $filename));", "+        $encryptedFilename = $encryptedFilename . '.' . $ext;"], null],
    ]);
  });

  it("finds national ids and birth dates as other languages name columns and models, not products and orders", async () => {
    await check([
      ["jpa entity with a geburtstag column", "src/main/java/demo/user/User.java", ["+@Entity", "+public class User {", "+    @Column(columnDefinition = \"DATE\", nullable = false)", "+    private Date geburtstag;", "+}"], "pii_retention"],
      ["ef migration adds TCKimlik", "DataLayer/Migrations/20220721121627_tc.cs", ["+            migrationBuilder.AddColumn<string>(", "+                name: \"TCKimlik\",", "+                table: \"Kisiler\",", "+                type: \"nvarchar(11)\");"], "pii_retention"],
      ["sql table with kimlik_numarasi and dogum_tarihi", "veritabani/kimlik.sql", ["+CREATE TABLE `kimlik` (", "+  `ad` varchar(25) DEFAULT NULL,", "+  `kimlik_numarasi` int NOT NULL,", "+  `dogum_tarihi` varchar(25) DEFAULT NULL", "+);"], "pii_retention"],
      ["laravel table of nik and tlg_lahir", "database/migrations/2022_05_21_create_data_niks_table.php", ["+        Schema::create('data_niks', function (Blueprint $table) {", "+            $table->string('nik')->unique();", "+            $table->date('tlg_lahir');", "+        });"], "pii_retention"],
      ["groovy persistence model with curp and rfc", "src/main/groovy/mx/domain/persistence/model/DatosPersonales.groovy", ["+@Canonical", "+class DatosPersonales implements Serializable{", "+    String nombres", "+    String curp", "+    String rfc", "+}"], "pii_retention"],
      ["rails patients with f_nacimiento", "db/migrate/20161119024257_create_patients.rb", ["+    create_table :patients do |t|", "+      t.string :nombre", "+      t.string :f_nacimiento", "+    end"], "pii_retention"],
    ]);
    await check([
      ["laravel productos table", "database/migrations/2024_11_20_create_productos_table.php", ["+    Schema::create('productos', function (Blueprint $table) {", "+        $table->string('Categoria');", "+        $table->decimal('Precio');", "+    });"], null],
      ["sql usuarios with correo, contrasena and rol", "backend/SQL/usuario.sql", ["+CREATE TABLE usuarios (", "+    nombre_completo VARCHAR(100),", "+    correo VARCHAR(100) UNIQUE NOT NULL,", "+    contrasena VARCHAR(100) NOT NULL,", "+    rol VARCHAR(100) NOT NULL", "+);"], null],
      ["rails pedidos with delivery dates", "db/migrate/20240417052621_crear_pedidos.rb", ["+        create_table :pedidos do |t|", "+          t.datetime :fecha_inicial", "+          t.datetime :fecha_entrega", "+          t.integer :usuario_id", "+        end"], null],
      ["groovy product model with a name and a price", "src/main/groovy/shop/domain/model/Producto.groovy", ["+class Producto {", "+    String nombre", "+    BigDecimal precio", "+}"], null],
    ]);
  });

  it("finds credentials assigned to literals under other languages' names, not placeholders or text between literals", async () => {
    await expectArea("secrets", [
      ["php senha literal for a remote database", "includes/banco.php", ["+    private $servidor = \"10.121.247.125\";", "+    private $senha = \"MatriX9#\";"]],
      ["js clave_secreta literal", "src/config.js", ["+const clave_secreta = \"k8#Lq2vZp0w\";"]],
      ["python contraseña literal", "config.py", ["+DB_CONTRASENA = 'Xr7#pq2LmZ'"]],
    ], true);
    await expectArea("secrets", [
      ["php placeholder SENHA", "db/conexao.php", ["+        $usuario = 'USUARIO';", "+        $senha = 'SENHA';"]],
      ["python clave read from the environment", "config.py", ["+clave= os.getenv(\"clave\")"]],
      ["french empty mot_de_passe", "includes/database.php", ["+$mot_de_passe = ''; "]],
      ["go label before a form read", "Login/Login.go", ["+\tfmt.Println(\"password:\", r.Form[\"Senha\"])"]],
    ], false);
  });

  it("finds access checks named in other languages removed, not guards added or rewritten", async () => {
    await check([
      ["verificarAdmin dropped from a route", "src/routes/usuarios.js", [" router.delete(", "   \"/eliminar/:id\",", "   verificarToken,", "-  verificarAdmin,", "   eliminarUsuarioPorAdmin", " );"], "access_mfa"],
      ["rol !== admin check removed", "src/middleware/rol.middleware.js", [" exports.esAdmin = (req, res, next)=>{", "-    if(req.usuario.rol !== \"admin\"){", "-        return res.status(403).json({error: \"Autorizacion denegada\" })", "-    }", "     next();", " }"], "access_mfa"],
      ["session role != Administrador removed", "src/hooks/roleRequired.py", ["     def required(paramView, identity=None):", "-        if(session['role'] != 'Administrador'):", "-            flash(\"Sin autorización para acceder a la vista\")", "-            return redirect('/panel')", "         return view(paramView)"], "access_mfa"],
      ["php isAdmin check with header Location removed", "php/config.php", [" function validarAdmin( ){", "-  if( !isAdmin( ) ){", "-    $_SESSION['error'] = \"No se tienen permisos suficientes\";", "-    header(\"Location: ../login.php\");", "-    die( );", "-  }", " }"], "access_mfa"],
    ]);
    await check([
      ["route added behind verificarToken", "src/routes/usuarios.js", ["+router.delete(", "+  \"/eliminar\",", "+  verificarToken,", "+  eliminarUsuario", "+);"], null],
      ["esAdmin middleware added", "src/middleware/rol.middleware.js", ["+exports.esAdmin = (req, res, next)=>{", "+    if(req.usuario.rol !== \"admin\"){", "+        return res.status(403).json({error: \"Autorizacion denegada\" })", "+    }", "+    next();", "+}"], null],
      ["file type check removed", "src/upload.js", ["-    if (archivo.tipo !== 'imagen') {", "-        throw new Error('tipo no permitido');", "-    }", "     guardar(archivo);"], null],
    ]);
  });

  it("finds a deleted file that was only a guard, not a deleted sign-in handler or a deleted page", async () => {
    expect(await deletedFileAreas("middlewares/validarAdministrador.js", ["module.exports = (req, res, next) => {", "    if(req.user.usuario.esAdministrador) {", "        next();", "    } else {", "        res.status(401).json('no esta autorizado');", "    }", "}"])).toContain("access_mfa");
    expect(await deletedFileAreas("includes/admin-auth.php", ["<?php", "if (", "    !isset($_SESSION['usuario_id'])", "    || $_SESSION['usuario_admin'] !== true", ") {", "    header('Location: ../web/index.php');", "    exit;", "}"])).toContain("access_mfa");
    expect(await deletedFileAreas("src/middlewares/admin.middlewares.js", ["export const verificarAdmin = (req, res, next) => {", "    let usuario = req.usuario", "    if(usuario.admin){", "        next()", "    }else{", "        res.status(403).json({message: \"no tiene permisos\"})", "    }", "}"])).toContain("access_mfa");
    expect(await deletedFileAreas("src/routes/auth.js", ["router.post('/login', async (req, res) => {", "  const user = await User.findOne({ email: req.body.email });", "  if (!user) {", "    return res.status(401).json({ error: 'credenciales invalidas' });", "  }", "  res.json({ token: sign(user) });", "});"])).not.toContain("access_mfa");
    expect(await deletedFileAreas("includes/admin-menu.php", ["<?php", "if ($_SESSION['usuario_admin'] !== true) {", "    header('Location: ../web/index.php');", "}", "echo '<nav>menu</nav>';"])).not.toContain("access_mfa");
  });
});
